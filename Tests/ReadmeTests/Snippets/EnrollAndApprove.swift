import DeviceBinding  // PIN, JSONValue, TokenResponse: the types DeviceBindingClient speaks
import DeviceBindingClient
import Foundation
import SecureStorage

/// Enrolls this phone with the enrollment the backend created, keeps the device id in the
/// keychain, then approves one transfer with the biometric key.
func enrollAndApprove(
    server: URL, enrollmentId: String, signingPayload: String, pin: PIN,
    keychain: Keychain, deviceKey: any DeviceKey, biometricKey: any DeviceKey
) async throws -> TokenResponse {
    let client = DeviceTrustClient(baseURL: server)
    let device = try await client.enroll(
        enrollmentId: enrollmentId, signingPayload: signingPayload, deviceName: "Anna's iPhone",
        platform: .ios, deviceKey: deviceKey, biometricKey: biometricKey, pin: pin)
    try keychain.save(Data(device.deviceId.utf8), for: "device-id")
    let transfer: JSONValue = ["type": "transfer", "amount": "25.00", "currency": "EUR", "to": "Bob"]
    return try await client.approve(action: transfer, deviceId: device.deviceId)
}
