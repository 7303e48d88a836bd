import DeviceBinding
import DeviceEmulator
import DeviceTrustDemo
import Foundation
import SecureStorage
import Testing
@testable import DeviceBindingClient

/// "Remove this device" for real: after the server's 204, and after any `device_revoked`,
/// the phone keeps no keys, no App Attest key id, no token and none of the app's files.
@Suite("Client local wipe")
struct LocalWipeEndToEndTests {
    /// What an app keeps on the phone: its key blobs and a token in the keychain, a session
    /// with a token, and a file store whose `destroy()` is recorded.
    struct PhoneData {
        let keychain: Keychain
        let session = Session()
        let statements: ProtectedFileStore
        let destroyed = Locked(0)

        init(_ phone: DemoPhone) throws {
            keychain = Keychain(service: "com.example.bank.device", backend: phone.app.keychain)
            try keychain.save(phone.biometricKey.dataRepresentation, for: "biometric-key")
            try keychain.save(phone.deviceKey.dataRepresentation, for: "device-key")
            try keychain.save(Data("refresh".utf8), for: "refresh-token")
            statements = ProtectedFileStore(
                name: "statements", directory: "/Documents/statements", fileSystem: phone.app.files, keychain: phone.app.keychain)
            try statements.file(named: "2026-11.pdf").write(Data("statement".utf8))
        }

        func localData(failing: Bool = false) -> LocalDeviceData {
            LocalDeviceData(
                session: session, keychain: keychain, fileStores: [statements],
                additionalWipes: [
                    { [destroyed] in
                        destroyed.withLock { $0 += 1 }
                        if failing { throw KeychainError.interactionNotAllowed }
                    }
                ])
        }

        func expectWiped(sourceLocation: SourceLocation = #_sourceLocation) async throws {
            for item in ["biometric-key", "device-key", "refresh-token"] {
                #expect(try keychain.loadIfPresent(for: item) == nil, "\(item) is gone", sourceLocation: sourceLocation)
            }
            #expect(await session.isLocked, sourceLocation: sourceLocation)
            #expect(try statements.fileNames().isEmpty, "the protected files are gone", sourceLocation: sourceLocation)
            #expect(throws: ProtectedFileError.self, sourceLocation: sourceLocation) { try statements.file(named: "2026-11.pdf").read() }
            #expect(destroyed.withLock { $0 } == 1, "the file store was destroyed once", sourceLocation: sourceLocation)
        }
    }

    @Test("after the server's 204, the keys, the App Attest key id, the token, the keychain items and the files are gone")
    func removeDeviceWipes() async throws {
        try await AppAttestClientEndToEndTests.withServer { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let data = try PhoneData(phone)
            let client = DeviceTrustClient(
                baseURL: server.baseURL, appAttest: AppAttestClientEndToEndTests.appAttest(), appAttestKeychain: phone.app.keychain,
                localData: data.localData())
            let enrolled = try await phone.enroll(with: client, on: server)
            await data.session.store(try await client.unlock(deviceId: enrolled.deviceId))
            #expect(try AppAttestClientEndToEndTests.storedKeyId(phone) != nil)

            try await client.removeDevice(deviceId: enrolled.deviceId)
            try await data.expectWiped()
            #expect(try AppAttestClientEndToEndTests.storedKeyId(phone) == nil)
            await expectProblem(.deviceRevoked) { try await client.unlock(deviceId: enrolled.deviceId) }
            #expect(throws: (any Error).self, "the enclave key cannot be rebuilt without its blob") {
                _ = try phone.app.secureEnclave.signingKey(dataRepresentation: try data.keychain.load(for: "biometric-key"))
            }
        }
    }

    @Test("device_revoked from the server (the fifth wrong PIN) wipes the phone too")
    func revokedWipes() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let data = try PhoneData(phone)
            let client = DeviceTrustClient(baseURL: server.baseURL, localData: data.localData())
            let enrolled = try await phone.enroll(with: client, on: server)
            for _ in 1...4 {
                await #expect(throws: Problem.self) { try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.wrongPIN) }
                #expect(try data.keychain.loadIfPresent(for: "device-key") != nil, "pin_invalid wipes nothing")
            }
            do {
                _ = try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.wrongPIN)
                Issue.record("expected device_revoked")
            } catch let problem as Problem {
                #expect(problem.code == .deviceRevoked, "the caller still sees why")
            }
            try await data.expectWiped()
        }
    }

    @Test("a failing wipe step does not stop the others; its error comes after the server removed the device")
    func failingStep() async throws {
        try await EmbeddedServer.run(directoryPrefix: "DeviceBindingClientTests") { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let data = try PhoneData(phone)
            let client = DeviceTrustClient(baseURL: server.baseURL, localData: data.localData(failing: true))
            let enrolled = try await phone.enroll(with: client, on: server)
            await #expect(throws: KeychainError.interactionNotAllowed) { try await client.removeDevice(deviceId: enrolled.deviceId) }
            try await data.expectWiped()
            let relaunched = DeviceTrustClient(baseURL: server.baseURL, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey)
            await #expect(throws: Problem.self) { try await relaunched.unlock(deviceId: enrolled.deviceId) }
        }
    }
}
