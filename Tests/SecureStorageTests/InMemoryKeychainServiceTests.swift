import Foundation
import SecureStorage
import Testing

@Suite("InMemoryKeychainService: the KeychainService contract in memory")
struct InMemoryKeychainServiceTests {
    @Test("A saved value loads back; saving again replaces it")
    func saveLoadReplace() throws {
        let service = InMemoryKeychainService()
        try service.save(Data("a".utf8), for: "k")
        try service.save(Data("b".utf8), for: "k")
        #expect(try service.load(for: "k") == Data("b".utf8))
        #expect(service.keys == ["k"])
    }

    @Test("Loading an absent key throws itemNotFound; deleting it succeeds")
    func absentKey() throws {
        let service = InMemoryKeychainService()
        #expect(throws: KeychainError.itemNotFound) { try service.load(for: "missing") }
        try service.delete(for: "missing")
    }

    @Test("A scripted failure is thrown by every call until cleared, and loses nothing")
    func scriptedFailure() throws {
        let service = InMemoryKeychainService()
        try service.save(Data("a".utf8), for: "k")
        service.failEveryCall(with: .interactionNotAllowed)
        #expect(throws: KeychainError.interactionNotAllowed) { try service.load(for: "k") }
        #expect(throws: KeychainError.interactionNotAllowed) { try service.save(Data("b".utf8), for: "k") }
        service.clearFailure()
        #expect(try service.load(for: "k") == Data("a".utf8))
    }
}

@Suite("FreshInstallKeychainReset: wipe on the first launch of an installation")
struct FreshInstallKeychainResetTests {
    func temporaryMarker() -> FileInstallationMarker {
        FileInstallationMarker(
            url: FileManager.default.temporaryDirectory
                .appendingPathComponent("devicetrust-marker-\(UUID().uuidString)")
                .appendingPathComponent("installed"))
    }

    @Test("Without the marker every item of the service in the app's default group is deleted and the marker created; the next launch deletes nothing")
    func firstLaunchWipesOnce() throws {
        let backend = RecordingBackend()
        backend.returning(["agrp": "TEAM123456.com.example.bank"])
        let reset = FreshInstallKeychainReset(keychain: Keychain(service: "s", backend: backend), marker: temporaryMarker())
        #expect(try reset.resetIfFreshInstall())
        // The probe that names the default group (added, read back, deleted), then the wipe.
        #expect(backend.calls == [.add, .copyMatching, .delete, .delete])
        #expect(backend.recorded.last?.query["agrp"] as? String == "TEAM123456.com.example.bank")
        #expect(backend.recorded.last?.query["acct"] == nil, "every account of the service")
        #expect(try reset.marker.exists())
        #expect(try !reset.resetIfFreshInstall())
        #expect(backend.calls.count == 4)
    }

    @Test("When the wipe fails the marker is not created, so the next launch tries again")
    func failedWipeKeepsTrying() throws {
        let backend = RecordingBackend()
        backend.answer(.delete, with: 0, -25308)  // the probe's delete, then the wipe's
        let reset = FreshInstallKeychainReset(keychain: Keychain(service: "s", backend: backend), marker: temporaryMarker())
        #expect(throws: KeychainError.interactionNotAllowed) { try reset.resetIfFreshInstall() }
        #expect(try !reset.marker.exists())
        #expect(try reset.resetIfFreshInstall())
    }

    @Test("A marker file with foreign contents is an error, not a fresh install")
    func foreignMarker() throws {
        let marker = temporaryMarker()
        try FileManager.default.createDirectory(at: marker.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("something else".utf8).write(to: marker.url)
        let backend = RecordingBackend()
        let reset = FreshInstallKeychainReset(keychain: Keychain(service: "s", backend: backend), marker: marker)
        #expect(throws: InstallationMarkerError.unrecognisedMarker(path: marker.url.path)) { try reset.resetIfFreshInstall() }
        #expect(backend.calls.isEmpty)
    }
}

@Suite("SoftwareDeviceKey: a DeviceKey for the simulator")
struct SoftwareDeviceKeyTests {
    @Test("Its signatures verify with its public key")
    func signsVerifiably() async throws {
        let key = SoftwareDeviceKey()
        let challenge = Data("challenge".utf8)
        let signature = try await key.signature(for: challenge)
        #expect(key.publicKey.isValidSignature(signature, for: challenge))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("other".utf8)))
    }

    @Test("loadOrCreate returns the same key on the second call")
    func persistsInKeychain() throws {
        let keychain = Keychain(service: "keys", backend: InMemoryBackend())
        let first = try SoftwareDeviceKey.loadOrCreate(in: keychain, account: "device")
        let second = try SoftwareDeviceKey.loadOrCreate(in: keychain, account: "device")
        #expect(first.publicKey.rawRepresentation == second.publicKey.rawRepresentation)
    }

    @Test("loadOrCreate does not replace the key when the keychain is unavailable")
    func lockedKeychainKeepsKey() throws {
        let backend = RecordingBackend()
        backend.answer(.copyMatching, with: -25308)
        let keychain = Keychain(service: "keys", backend: backend)
        #expect(throws: KeychainError.interactionNotAllowed) { try SoftwareDeviceKey.loadOrCreate(in: keychain, account: "device") }
        #expect(!backend.calls.contains(.add))
        #expect(!backend.calls.contains(.update))
    }
}
