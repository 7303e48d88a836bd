import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Entitlements: which access groups an app writes to, searches, and may name.
@Suite("Access groups")
struct AccessGroupTests {
    let device = EmulatedDevice()

    func group(of account: String, in keychain: any KeychainBackend) -> String? {
        (keychain.copyMatching(query(account: account, [K.returnAttributes: true])).result as? [String: Any])?[K.accessGroup] as? String
    }

    @Test("Without agrp an item goes to the first keychain-access-groups entry")
    func firstKeychainGroup() {
        let app = device.install(
            AppIdentity(
                teamID: team, bundleID: "com.example.bank",
                keychainAccessGroups: ["\(team).shared", "\(team).other"]))
        #expect(app.keychain.add(newItem()) == Status.success)
        #expect(group(of: "token", in: app.keychain) == "\(team).shared")
    }

    @Test("Without keychain-access-groups an item goes to TEAMID.bundleID")
    func applicationIdentifierGroup() {
        let app = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank", appGroups: ["group.com.example"]))
        #expect(app.keychain.add(newItem()) == Status.success)
        #expect(group(of: "token", in: app.keychain) == "\(team).com.example.bank")
    }

    @Test("A keychain group without the team prefix is not entitled: ignored for the default, -34018 when named")
    func foreignPrefixIgnored() {
        let app = device.install(
            AppIdentity(
                teamID: team, bundleID: "com.example.bank",
                keychainAccessGroups: ["OTHERTEAM1.shared"]))
        #expect(app.keychain.add(newItem()) == Status.success)
        #expect(group(of: "token", in: app.keychain) == "\(team).com.example.bank")
        #expect(app.keychain.add(newItem(account: "x", [K.accessGroup: "OTHERTEAM1.shared"])) == Status.missingEntitlement)
    }

    @Test("Queries, updates and deletes without agrp search all of the app's groups; agrp narrows them")
    func searchAllGroups() {
        let app = device.install(
            AppIdentity(
                teamID: team, bundleID: "com.example.bank",
                keychainAccessGroups: ["\(team).shared"], appGroups: ["group.com.example"]))
        let groups = ["\(team).shared", "\(team).com.example.bank", "group.com.example"]
        for group in groups { #expect(app.keychain.add(newItem([K.accessGroup: group])) == Status.success) }
        #expect(app.keychain.allAttributes(query()).items.count == 3)
        #expect(app.keychain.allAttributes(query([K.accessGroup: "group.com.example"])).items.count == 1)
        #expect(app.keychain.update(query(), [K.label: "all"]) == Status.success)
        #expect(app.keychain.allAttributes(query([K.label: "all"])).items.count == 3)
        #expect(app.keychain.delete(query([K.accessGroup: "\(team).shared"])) == Status.success)
        #expect(app.keychain.delete(query()) == Status.success)
        #expect(app.keychain.allAttributes(query()).status == Status.itemNotFound)
    }

    @Test("Naming a group the app is not entitled to fails with -34018 in every call")
    func notEntitled() {
        let keychain = device.install(bankIdentity).keychain
        #expect(keychain.add(newItem()) == Status.success)
        let foreign: [String: Any] = [K.accessGroup: "\(team).someone-else"]
        #expect(keychain.add(newItem(foreign)) == Status.missingEntitlement)
        #expect(keychain.copyMatching(query(foreign)).status == Status.missingEntitlement)
        #expect(keychain.update(query(foreign), [K.label: "x"]) == Status.missingEntitlement)
        #expect(keychain.update(query(), foreign) == Status.missingEntitlement)
        #expect(keychain.delete(query(foreign)) == Status.missingEntitlement)
    }

    @Test("An app without application identifier or keychain groups fails with -34018")
    func noEntitlements() {
        let keychain = device.install(AppIdentity(teamID: "", bundleID: "com.example.unsigned")).keychain
        #expect(keychain.add(newItem()) == Status.missingEntitlement)
        #expect(keychain.copyMatching(query()).status == Status.missingEntitlement)
    }

    @Test("A widget in the shared keychain group reads the app's token; one without the group cannot")
    func extensionSharing() {
        let shared = "\(team).com.example.shared"
        let app = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank", keychainAccessGroups: [shared]))
        let widget = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank.widget", keychainAccessGroups: [shared]))
        let loner = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank.intents"))
        #expect(app.keychain.add(newItem(data: "token")) == Status.success)
        #expect(widget.keychain.readString() == "token")
        #expect(loner.keychain.readData().status == Status.itemNotFound)
    }

    @Test("App groups share items within a team only, even when another team claims the same group name")
    func appGroupsWithinTeam() {
        let appGroup = "group.com.example"
        let app = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank", appGroups: [appGroup]))
        let sibling = device.install(AppIdentity(teamID: team, bundleID: "com.example.wallet", appGroups: [appGroup]))
        let stranger = device.install(AppIdentity(teamID: "ZZZZZ99999", bundleID: "com.evil.app", appGroups: [appGroup]))
        #expect(app.keychain.add(newItem(data: "token", [K.accessGroup: appGroup])) == Status.success)
        #expect(sibling.keychain.readString() == "token")
        #expect(stranger.keychain.readData().status == Status.itemNotFound)
        #expect(stranger.keychain.readData(account: "token", [K.accessGroup: appGroup]).status == Status.itemNotFound)
        #expect(stranger.keychain.add(newItem(data: "evil", [K.accessGroup: appGroup])) == Status.success)
        #expect(app.keychain.readString() == "token")
    }

    @Test("Apps of another team never see the items, whatever they query")
    func otherTeam() {
        let app = device.install(bankIdentity)
        let other = device.install(
            AppIdentity(
                teamID: "ZZZZZ99999", bundleID: "com.example.bank",
                keychainAccessGroups: ["\(team).com.example.bank"]))
        #expect(app.keychain.add(newItem()) == Status.success)
        #expect(other.keychain.readData().status == Status.itemNotFound)
        #expect(
            other.keychain.readData(account: "token", [K.accessGroup: "\(team).com.example.bank"]).status
                == Status.missingEntitlement)
        #expect(other.keychain.delete(query()) == Status.itemNotFound)
    }

    @Test("An update can move an item to another entitled group")
    func moveGroup() {
        let app = device.install(AppIdentity(teamID: team, bundleID: "com.example.bank", appGroups: ["group.com.example"]))
        #expect(app.keychain.add(newItem()) == Status.success)
        #expect(app.keychain.update(query(), [K.accessGroup: "group.com.example"]) == Status.success)
        #expect(group(of: "token", in: app.keychain) == "group.com.example")
    }
}
