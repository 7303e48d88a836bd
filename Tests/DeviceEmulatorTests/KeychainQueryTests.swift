import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Dictionaries use Apple's raw strings and value types; anything else fails as iOS fails.
@Suite("Query dictionaries")
struct KeychainQueryTests {
    let keychain = bankApp().keychain

    @Test("A generic password added with Apple's raw keys reads back with the same keys")
    func rawKeysRoundTrip() {
        #expect(keychain.add(newItem(data: "s3cret")) == Status.success)
        #expect(keychain.readString() == "s3cret")
    }

    @Test("A query without a class fails with -50")
    func missingClass() {
        #expect(keychain.add([K.account: "token", K.valueData: Data("x".utf8)]) == Status.param)
        #expect(keychain.copyMatching([K.account: "token"]).status == Status.param)
    }

    @Test("Classes other than genp are recognised but not emulated: -50; an unknown class is -25306")
    func otherClasses() {
        for itemClass in ["inet", "cert", "keys", "idnt"] {
            #expect(keychain.add(newItem([K.itemClass: itemClass])) == Status.param)
        }
        #expect(keychain.add(newItem([K.itemClass: "nope"])) == Status.noSuchClass)
    }

    @Test("A value of the wrong type fails with -50")
    func wrongValueTypes() {
        #expect(keychain.add(newItem([K.account: 42])) == Status.param)
        #expect(keychain.add(newItem([K.valueData: "not data"])) == Status.param)
        #expect(keychain.add(newItem([K.synchronizable: "yes"])) == Status.param)
        #expect(keychain.add(newItem([K.accessControl: "biometry"])) == Status.param)
        #expect(keychain.add(newItem([K.accessible: "always"])) == Status.param)
        #expect(keychain.copyMatching(query([K.returnData: 1])).status == Status.param)
        #expect(keychain.copyMatching(query([K.matchLimit: "many"])).status == Status.param)
        #expect(keychain.copyMatching(query([K.useAuthenticationContext: "ctx"])).status == Status.param)
    }

    @Test("An attribute genp does not have fails with -25303; a non-attribute unknown key with -50")
    func unknownKeys() {
        #expect(keychain.add(newItem(["zzzz": "x"])) == Status.noSuchAttribute)
        #expect(keychain.add(newItem(["x_Unknown": "x"])) == Status.param)
        #expect(keychain.copyMatching(query([RawKey.returnRef: true])).status == Status.param)
    }

    @Test("iOS attributes the emulator does not model (cdat, invi, …) fail loudly with -50")
    func unmodelledAttributes() {
        #expect(keychain.add(newItem(["invi": true])) == Status.param)
        #expect(keychain.copyMatching(query([K.creationDate: Date()])).status == Status.param)
    }

    @Test("labl, gena, desc, icmt and nleg are accepted, stored and searchable")
    func lenientAttributes() {
        let extra: [String: Any] = [
            K.label: "Session token", K.generic: Data([1, 2]), RawKey.description: "refresh token",
            RawKey.comment: "rotates daily", K.useDataProtectionKeychain: true,
        ]
        #expect(keychain.add(newItem(extra)) == Status.success)
        let (status, result) = keychain.copyMatching(query([K.label: "Session token", K.returnAttributes: true]))
        #expect(status == Status.success)
        let attributes = result as? [String: Any]
        #expect(attributes?[K.label] as? String == "Session token")
        #expect(attributes?[K.generic] as? Data == Data([1, 2]))
        #expect(attributes?[RawKey.description] as? String == "refresh token")
        #expect(attributes?[RawKey.comment] as? String == "rotates daily")
        #expect(keychain.copyMatching(query([K.label: "Other"])).status == Status.itemNotFound)
    }

    @Test("Both pdmn and accc in one dictionary fail with -50, in an add and in a query")
    func accessibleAndAccessControl() {
        let both: [String: Any] = [
            K.accessible: Accessibility.whenUnlockedThisDeviceOnly.rawValue, K.accessControl: AccessControl.userPresence,
        ]
        #expect(keychain.add(newItem(both)) == Status.param)
        #expect(keychain.copyMatching(query(both)).status == Status.param)
    }

    @Test("Access control combining .or and .and fails with -50")
    func orAndAnd() {
        let flags: AccessControl = [.biometryAny, .or, .and, .devicePasscode]
        #expect(keychain.add(newItem([K.accessControl: flags])) == Status.param)
    }

    @Test("syna is for queries: adding with sync = syna fails with -50")
    func synchronizableAnyOnAdd() {
        #expect(keychain.add(newItem([K.synchronizable: K.synchronizableAny])) == Status.param)
    }

    @Test("u_AuthUIS (skip) is allowed in SecItemCopyMatching only")
    func skipOnlyInCopyMatching() {
        let skip: [String: Any] = [K.useAuthenticationUI: K.useAuthenticationUISkip]
        #expect(keychain.add(newItem(skip)) == Status.param)
        #expect(keychain.add(newItem()) == Status.success)
        #expect(keychain.update(query(skip), [K.label: "x"]) == Status.param)
        #expect(keychain.delete(query(skip)) == Status.param)
        #expect(keychain.copyMatching(query(skip)).status == Status.success)
        #expect(keychain.copyMatching(query([K.useAuthenticationUI: "u_AuthUIX"])).status == Status.param)
    }

    @Test("v_Data is not a search criterion, and m_Limit does not belong in an add: -50")
    func misplacedKeys() {
        #expect(keychain.add(newItem([K.matchLimit: K.matchLimitOne])) == Status.param)
        #expect(keychain.add(newItem()) == Status.success)
        #expect(keychain.copyMatching(query([K.valueData: Data("secret".utf8)])).status == Status.param)
        #expect(keychain.delete(query([K.valueData: Data("secret".utf8)])) == Status.param)
    }

    @Test("Return and limit keys are tolerated in update and delete queries, as iOS ignores them")
    func returnKeysInUpdateAndDelete() {
        #expect(keychain.add(newItem()) == Status.success)
        let extra: [String: Any] = [K.returnData: true, K.matchLimit: K.matchLimitAll]
        #expect(keychain.update(query(extra), [K.valueData: Data("new".utf8)]) == Status.success)
        #expect(keychain.delete(query(extra)) == Status.success)
    }

    @Test("The attributes to update take attributes and v_Data only: class there is -25303, none at all is -50")
    func attributesToUpdate() {
        #expect(keychain.add(newItem()) == Status.success)
        #expect(keychain.update(query(), [K.itemClass: K.classGenericPassword]) == Status.noSuchAttribute)
        #expect(keychain.update(query(), [K.returnData: true]) == Status.noSuchAttribute)
        #expect(keychain.update(query(), [:]) == Status.param)
        #expect(keychain.update(query(), [K.synchronizable: K.synchronizableAny]) == Status.param)
    }

    @Test("A failing call leaves a reason naming the key at fault, never a value")
    func failureReason() {
        let app = bankApp()
        #expect(app.lastKeychainFailureReason == nil)
        #expect(app.keychain.add(newItem(data: "hunter2", ["zzzz": "x"])) == Status.noSuchAttribute)
        let reason = app.lastKeychainFailureReason ?? ""
        #expect(reason.contains("-25303") && reason.contains("zzzz"))
        #expect(!reason.contains("hunter2"))
    }
}
