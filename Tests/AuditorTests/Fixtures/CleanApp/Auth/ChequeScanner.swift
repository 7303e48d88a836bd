import AVFoundation

/// Asks for the camera when the user starts a deposit; the Info.plist explains why.
final class ChequeScanner {
    func requestCamera(_ completion: @escaping (Bool) -> Void) {
        AVCaptureDevice.requestAccess(for: .video, completionHandler: completion)
    }
}
