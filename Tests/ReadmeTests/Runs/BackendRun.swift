import DeviceBinding
import DeviceEmulator
import Foundation
import SecureStorage
import ServerCredentials
import Testing

/// "A backend team: the server": `devicetrust serve` as shown (on a free port instead of
/// 8080), the backend's requests, and the iOS quick-start function (compiled from
/// `Snippets/EnrollAndApprove.swift`, the README's file) enrolling an emulated iPhone with
/// that enrollment and approving a transfer; the token verifies with the server's JWKS.
enum BackendRun {
    static func run(_ context: ReadmeRunContext) async throws {
        let shell = context.shell
        let port = try LoopbackPort.free()
        shell.substitute("8080", with: String(port))
        let start = context.commandsToRun(inBlock: 1)
        try #require(start.count == 1, "the backend quick start starts the server with one command")
        let server = try shell.start(start[0])
        let announced = server.line(startingWith: "admin key file: ", within: 60)
        let keyFile = shell.folder.appendingPathComponent("devicetrust-data/admin-api-key").path
        try #require(announced == "admin key file: \(keyFile)", "\(start[0]): printed \(server.output) \(server.errors)")
        let adminKey = try String(contentsOfFile: keyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!server.output.contains(adminKey), "the admin key itself is never printed")
        defer { _ = server.interrupt() }

        let help = try context.expectRun(try context.inlineCommand("devicetrust serve --help"))
        for option in ["--host", "--database", "--challenge-ttl", "--token-issuer", "--rate-limit-per-address", "--app-attest"] {
            #expect(help.output.contains(option), "devicetrust serve --help lists \(option)")
        }

        var enrollment: EnrollmentCreated?
        var approval: (token: TokenResponse, storedDeviceId: String)?
        for command in context.commandsToRun(inBlock: 2) {
            let result = try context.expectRun(command)
            if command.text.contains("/v1/enrollments") {
                enrollment = try WireCoding.decode(EnrollmentCreated.self, from: Data(result.output.utf8))
                approval = try await approveOnAnEmulatedPhone(port: port, enrollment: try #require(enrollment))
            } else if command.text.contains("jwks.json"), let approval {
                let claims = try AccessTokenVerifier(jwks: Data(result.output.utf8), issuer: "devicetrust", audience: "devicetrust")
                    .verify(approval.token.accessToken)
                #expect(claims.subject == "acct-42" && claims.key == "biometric" && claims.purpose == "action")
                #expect(claims.deviceID == approval.storedDeviceId, "the keychain holds the enrolled device's id")
                #expect(claims.actionSHA256 == (try transfer.canonicalSHA256Hex()), "action_sha256 is the approved action's hash")
                #expect(claims.expiresAt.timeIntervalSince(claims.issuedAt) <= 300)
            }
        }
        #expect(enrollment?.signingPayload.isEmpty == false, "the backend's requests create an enrollment")
        #expect(approval != nil, "the app's function gets a token")
        #expect(server.interrupt(within: 10) == 0, "Ctrl-C stops the server cleanly")
        let data = shell.folder.appendingPathComponent("devicetrust-data")
        let keyFolder = data.appendingPathComponent("token-signing-keys")
        let keyFiles = try FileManager.default.contentsOfDirectory(atPath: keyFolder.path).map { "token-signing-keys/\($0)" }
        #expect(keyFiles.count == 1, "one token-signing key in token-signing-keys/")
        for file in ["devicetrust.sqlite", "pin-pepper.bin", "admin-api-key"] + keyFiles {
            let permissions = try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent(file).path)[.posixPermissions] as? Int
            #expect(permissions == 0o600, "\(file) is mode 0600")
        }
    }

    /// The transfer the README's function approves.
    static let transfer: JSONValue = ["type": "transfer", "amount": "25.00", "currency": "EUR", "to": "Bob"]

    /// The README's `enrollAndApprove` on an emulated iPhone with Face ID: its keychain and
    /// its two Secure Enclave keys, as the README describes them.
    /// Returns the token and the device id the function stored.
    static func approveOnAnEmulatedPhone(
        port: UInt16, enrollment: EnrollmentCreated
    ) async throws -> (token: TokenResponse, storedDeviceId: String) {
        let phone = EmulatedDevice(passcodeSet: true, biometry: .faceID)
        let app = phone.install(AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank"))
        let keychain = Keychain(service: "com.example.bank", backend: app.keychain)
        let token = try await enrollAndApprove(
            server: URL(string: "http://127.0.0.1:\(port)")!, enrollmentId: enrollment.enrollmentId,
            signingPayload: enrollment.signingPayload, pin: try PIN("246810"), keychain: keychain,
            deviceKey: try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage]),
            biometricKey: try app.secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryCurrentSet]))
        #expect(token.tokenType == "Bearer" && token.expiresIn <= 300)
        #expect(phone.authenticationPrompts.count >= 1, "the approval asked for biometry")
        return (token, String(decoding: try keychain.load(for: "device-id"), as: UTF8.self))
    }
}
