import Foundation
import SecureStorage
import Testing

/// What `Keychain` sends to its backend: the upsert order, the attributes, and the
/// mapping of every status.
@Suite("Keychain: the SecItem calls it makes")
struct KeychainCallSequenceTests {
    let token = Data("token".utf8)

    @Test("save updates first and stops there when the item exists")
    func saveUpdatesExisting() throws {
        let backend = RecordingBackend()
        try Keychain(service: "s", backend: backend).save(token, for: "k")
        #expect(backend.calls == [.update])
        #expect(backend.recorded[0].attributes["v_Data"] as? Data == token)
    }

    @Test("save adds when there is nothing to update, with the protection class and the data")
    func saveAddsWhenAbsent() throws {
        let backend = RecordingBackend()
        backend.answer(.update, with: -25300)
        try Keychain(service: "s", backend: backend).save(token, for: "k")
        #expect(backend.calls == [.update, .add])
        let added = backend.recorded[1].query
        #expect(added["class"] as? String == "genp")
        #expect(added["svce"] as? String == "s")
        #expect(added["acct"] as? String == "k")
        #expect(added["pdmn"] as? String == "cku")
        #expect(added["accc"] == nil)
        #expect(added["v_Data"] as? Data == token)
    }

    @Test("save updates again when a concurrent save added the item first, and never deletes")
    func saveRetriesAfterLostRace() throws {
        let backend = RecordingBackend()
        backend.answer(.update, with: -25300)
        backend.answer(.add, with: -25299)
        try Keychain(service: "s", backend: backend).save(token, for: "k")
        #expect(backend.calls == [.update, .add, .update])
        #expect(!backend.calls.contains(.delete))
    }

    @Test("An access-controlled keychain sends accc carrying the class, never pdmn with it")
    func accessControlWithoutPdmn() throws {
        let backend = RecordingBackend()
        backend.answer(.update, with: -25300)
        let keychain = Keychain(service: "s", accessibility: .whenPasscodeSetThisDeviceOnly, accessControl: [.biometryCurrentSet], backend: backend)
        try keychain.save(token, for: "k")
        let added = backend.recorded[1].query
        #expect(added["pdmn"] == nil)
        #expect(added["accc"] as? KeychainAccessControl == KeychainAccessControl(accessibility: .whenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet]))
    }

    @Test("A synchronizable keychain with a ThisDeviceOnly class is refused before any call")
    func syncWithThisDeviceOnly() {
        let backend = RecordingBackend()
        let keychain = Keychain(service: "s", accessibility: .afterFirstUnlockThisDeviceOnly, synchronizable: true, backend: backend)
        #expect(throws: KeychainError.invalidParameters) { try keychain.save(token, for: "k") }
        #expect(backend.calls.isEmpty)
    }

    @Test("The synchronous load never prompts: it asks the keychain to fail instead of showing UI")
    func loadNeverPrompts() throws {
        let backend = RecordingBackend()
        backend.returning(token)
        #expect(try Keychain(service: "s", backend: backend).load(for: "k") == token)
        let query = backend.recorded[0].query
        #expect(query["u_AuthUI"] as? String == "u_AuthUIF")
        #expect(query["r_Data"] as? Bool == true)
        #expect(query["m_Limit"] as? String == "m_LimitOne")
    }

    @Test(
        "Each status maps to its own error, and only itemNotFound makes loadIfPresent return nil",
        arguments: [
            (Int32(-25300), KeychainError.itemNotFound), (-25299, .duplicateItem), (-25308, .interactionNotAllowed),
            (-128, .userCanceled), (-25293, .authenticationFailed), (-34018, .missingEntitlement), (-50, .invalidParameters),
            (-4, .unexpectedStatus(-4)),
        ])
    func statusMapping(status: Int32, error: KeychainError) throws {
        let backend = RecordingBackend()
        backend.answer(.copyMatching, with: status)
        let keychain = Keychain(service: "s", backend: backend)
        #expect(throws: error) { try keychain.load(for: "k") }
        backend.answer(.copyMatching, with: status)
        if error == .itemNotFound {
            #expect(try keychain.loadIfPresent(for: "k") == nil)
        } else {
            #expect(throws: error) { try keychain.loadIfPresent(for: "k") }
        }
    }

    @Test("delete succeeds when the item is absent and reports every other failure")
    func deleteAbsent() throws {
        let backend = RecordingBackend()
        backend.answer(.delete, with: -25300, -25308)
        let keychain = Keychain(service: "s", backend: backend)
        try keychain.delete(for: "k")
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.delete(for: "k") }
    }

    @Test("deleteAll matches the whole service, synchronized or not, and succeeds on an empty service")
    func deleteAllScope() throws {
        let backend = RecordingBackend()
        backend.answer(.delete, with: -25300)
        try Keychain(service: "s", accessGroup: "T.group", backend: backend).deleteAll()
        let query = backend.recorded[0].query
        #expect(query["acct"] == nil)
        #expect(query["svce"] as? String == "s")
        #expect(query["agrp"] as? String == "T.group")
        #expect(query["sync"] as? String == "syna")
    }

    @Test("migrateAccessibility re-protects every item of the service with one update")
    func migrateInPlace() throws {
        let backend = RecordingBackend()
        try Keychain(service: "s", accessibility: .whenUnlocked, backend: backend).migrateAccessibility(to: .afterFirstUnlockThisDeviceOnly)
        #expect(backend.calls == [.update])
        #expect(backend.recorded[0].query["acct"] == nil)
        #expect(backend.recorded[0].attributes["pdmn"] as? String == "cku")
    }

    @Test("The prompted load passes the prompt and the reusable context")
    func promptedLoad() async throws {
        let backend = RecordingBackend()
        backend.returning(token)
        let context = AuthenticationContext()
        let data = try await Keychain(service: "s", backend: backend).load(for: "k", prompt: "Unlock your account", context: context)
        #expect(data == token)
        let query = backend.recorded[0].query
        #expect(query["u_OpPrompt"] as? String == "Unlock your account")
        #expect(query["u_AuthCtx"] as? AuthenticationContext === context)
        #expect(query["u_AuthUI"] == nil)
    }
}
