import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Uniqueness, statuses and result shapes of the four SecItem calls.
@Suite("SecItem semantics")
struct SecItemSemanticsTests {
    let keychain = bankApp().keychain

    @Test("Adding the same account and service twice fails with -25299")
    func duplicateAdd() {
        #expect(keychain.add(newItem()) == Status.success)
        #expect(keychain.add(newItem(data: "other")) == Status.duplicateItem)
        #expect(keychain.readString() == "secret")
    }

    @Test("Accessibility, access control and label are not part of the primary key")
    func nonKeyAttributes() {
        #expect(keychain.add(newItem([K.accessible: Accessibility.afterFirstUnlock.rawValue, K.label: "a"])) == Status.success)
        #expect(keychain.add(newItem([K.accessible: Accessibility.whenUnlocked.rawValue])) == Status.duplicateItem)
        #expect(keychain.add(newItem([K.label: "b"])) == Status.duplicateItem)
        #expect(keychain.add(newItem([K.accessControl: AccessControl.userPresence])) == Status.duplicateItem)
        #expect(keychain.add(newItem([K.generic: Data([9]), RawKey.comment: "c"])) == Status.duplicateItem)
    }

    @Test("Account, service, access group and synchronizable each make a new primary key")
    func keyAttributes() {
        let app = EmulatedDevice().install(
            AppIdentity(
                teamID: team, bundleID: "com.example.bank",
                keychainAccessGroups: ["\(team).shared"]))
        let keychain = app.keychain
        #expect(keychain.add(newItem()) == Status.success)
        #expect(keychain.add(newItem(account: "other")) == Status.success)
        #expect(keychain.add(newItem(service: "other")) == Status.success)
        #expect(keychain.add(newItem([K.accessGroup: "\(team).com.example.bank"])) == Status.success)
        #expect(keychain.add(newItem([K.synchronizable: true])) == Status.success)
        #expect(keychain.allAttributes(query(account: nil, service: nil, [K.synchronizable: K.synchronizableAny])).items.count == 5)
    }

    @Test("An omitted account or service is the empty string for uniqueness")
    func omittedAccountIsEmpty() {
        #expect(keychain.add(newItem(account: nil)) == Status.success)
        #expect(keychain.add(newItem(account: "")) == Status.duplicateItem)
        #expect(keychain.add(newItem(account: "x", service: nil)) == Status.success)
        #expect(keychain.add(newItem(account: "x", service: "")) == Status.duplicateItem)
        let attributes = keychain.allAttributes(query(account: "", service: "session")).items
        #expect(attributes.first?[K.account] as? String == "")
    }

    @Test("Updating or deleting what matches nothing fails with -25300")
    func updateDeleteNothing() {
        #expect(keychain.update(query(), [K.valueData: Data("x".utf8)]) == Status.itemNotFound)
        #expect(keychain.delete(query()) == Status.itemNotFound)
        #expect(keychain.readData().status == Status.itemNotFound)
    }

    @Test("Without m_Limit a query returns the first match only, in insertion order")
    func firstMatch() {
        #expect(keychain.add(newItem(account: "a", data: "first")) == Status.success)
        #expect(keychain.add(newItem(account: "b", data: "second")) == Status.success)
        #expect(keychain.readString(account: nil) == "first")
    }

    @Test("m_LimitAll returns an array; a numeric m_Limit caps it")
    func limitAll() {
        for account in ["a", "b", "c"] { #expect(keychain.add(newItem(account: account, data: account)) == Status.success) }
        let (status, result) = keychain.copyMatching(query(account: nil, [K.returnData: true, K.matchLimit: K.matchLimitAll]))
        #expect(status == Status.success)
        #expect((result as? [Data])?.map { String(decoding: $0, as: UTF8.self) } == ["a", "b", "c"])
        let capped = keychain.copyMatching(query(account: nil, [K.returnData: true, K.matchLimit: 2])).result as? [Data]
        #expect(capped?.count == 2)
    }

    @Test("r_Data returns Data, r_Attributes a dictionary, both a dictionary with v_Data, neither nothing")
    func resultShapes() {
        #expect(keychain.add(newItem(data: "secret")) == Status.success)
        #expect(keychain.copyMatching(query([K.returnData: true])).result as? Data == Data("secret".utf8))
        let attributes = keychain.copyMatching(query([K.returnAttributes: true])).result as? [String: Any]
        #expect(attributes?[K.account] as? String == "token")
        #expect(attributes?[K.service] as? String == "session")
        #expect(attributes?[K.accessGroup] as? String == "\(team).com.example.bank")
        #expect(attributes?[K.accessible] as? String == "ak")
        #expect(attributes?[K.synchronizable] as? Bool == false)
        #expect(attributes?[K.creationDate] is Date)
        #expect(attributes?[K.valueData] == nil)
        let both = keychain.copyMatching(query([K.returnAttributes: true, K.returnData: true])).result as? [String: Any]
        #expect(both?[K.valueData] as? Data == Data("secret".utf8))
        let existence = keychain.copyMatching(query())
        #expect(existence.status == Status.success && existence.result == nil)
    }

    @Test("An item added without v_Data has empty data")
    func noData() {
        #expect(keychain.add([K.itemClass: K.classGenericPassword, K.account: "token", K.service: "session"]) == Status.success)
        #expect(keychain.readData().data == Data())
    }

    @Test("Delete removes every match")
    func deleteAll() {
        for account in ["a", "b", "c"] { #expect(keychain.add(newItem(account: account)) == Status.success) }
        #expect(keychain.add(newItem(account: "a", service: "other")) == Status.success)
        #expect(keychain.delete(query(account: nil)) == Status.success)
        #expect(keychain.readData(account: nil).status == Status.itemNotFound)
        #expect(keychain.readData(account: "a", service: "other").status == Status.success)
    }

    @Test("Deleting then re-adding the same key succeeds")
    func deleteThenAdd() {
        #expect(keychain.add(newItem(data: "one")) == Status.success)
        #expect(keychain.delete(query()) == Status.success)
        #expect(keychain.add(newItem(data: "two")) == Status.success)
        #expect(keychain.readString() == "two")
    }

    @Test("Update changes every match and stamps the modification date")
    func updateAll() throws {
        for account in ["a", "b"] { #expect(keychain.add(newItem(account: account)) == Status.success) }
        #expect(keychain.update(query(account: nil), [K.valueData: Data("new".utf8), K.label: "L"]) == Status.success)
        let items = keychain.allAttributes(query(account: nil, [K.returnData: true])).items
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0[K.valueData] as? Data == Data("new".utf8) && $0[K.label] as? String == "L" })
        let created = try #require(items.first?[K.creationDate] as? Date)
        let modified = try #require(items.first?[K.modificationDate] as? Date)
        #expect(modified >= created)
    }

    @Test("An update that would give two items the same primary key fails with -25299 and changes nothing")
    func updateCollision() {
        #expect(keychain.add(newItem(account: "a", data: "A")) == Status.success)
        #expect(keychain.add(newItem(account: "b", data: "B")) == Status.success)
        #expect(keychain.update(query(account: "a"), [K.account: "b"]) == Status.duplicateItem)
        #expect(keychain.update(query(account: nil), [K.account: "c"]) == Status.duplicateItem)
        #expect(keychain.readString(account: "a") == "A")
        #expect(keychain.update(query(account: "a"), [K.account: "c"]) == Status.success)
        #expect(keychain.readString(account: "c") == "A")
    }

    @Test("An update can change the accessibility class in place")
    func updateAccessibility() {
        #expect(keychain.add(newItem(data: "token")) == Status.success)
        #expect(keychain.update(query(), [K.accessible: Accessibility.afterFirstUnlockThisDeviceOnly.rawValue]) == Status.success)
        let attributes = keychain.copyMatching(query([K.returnAttributes: true])).result as? [String: Any]
        #expect(attributes?[K.accessible] as? String == "cku")
        #expect(keychain.readString() == "token")
    }
}
