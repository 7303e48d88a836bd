import AppleSurfaceEmulation
import DeviceEmulator
import EmulatedAttestation
import Foundation

/// An emulated iPhone with one app installed (with `NSFaceIDUsageDescription`), and that app as the device behind the Apple
/// surface.
struct SurfaceTestPhone {
    static let bank = AppIdentity(teamID: "TEAM123456", bundleID: "com.example.bank", faceIDUsageDescription: "Unlock your accounts")

    let device: EmulatedDevice
    let app: EmulatedApp
    let surface: EmulatedSurfaceDevice

    init(
        biometry: EmulatedDevice.Biometry = .faceID, appAttest: EmulatedAppAttestService? = nil,
        serverTrust: @escaping @Sendable ([Data], String?) -> Bool = { _, _ in false }
    ) {
        device = EmulatedDevice(biometry: biometry)
        app = device.install(Self.bank)
        surface = EmulatedSurfaceDevice(app: app, appAttest: appAttest, serverTrust: serverTrust)
    }
}
