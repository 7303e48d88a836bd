import AVFoundation
import UIKit

/// Cheque deposit: uses the camera, but the Info.plist has no NSCameraUsageDescription,
/// so the app is killed the first time a user taps "Deposit".
final class ChequeDepositViewController: UIViewController, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
    private let captureSession = AVCaptureSession()

    @IBAction func scanCheque(_ sender: UIButton) {
        AVCaptureDevice.requestAccess(for: .video) { [weak self] granted in
            guard granted else { return }
            DispatchQueue.main.async { self?.startCapture() }
        }
    }

    @IBAction func takePhotoOfReceipt(_ sender: UIButton) {
        let picker = UIImagePickerController()
        picker.sourceType = .camera
        picker.delegate = self
        present(picker, animated: true)
    }

    @IBAction func recordVoiceMemo(_ sender: UIButton) {
        AVAudioSession.sharedInstance().requestRecordPermission { _ in }
    }

    private func startCapture() {
        guard let camera = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back),
              let input = try? AVCaptureDeviceInput(device: camera) else { return }
        captureSession.addInput(input)
        captureSession.startRunning()
    }
}
