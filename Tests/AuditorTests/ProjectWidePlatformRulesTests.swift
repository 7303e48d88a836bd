@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// `platform-privacy-cover-missing` and `platform-keyboard-extensions-allowed` read what the
/// whole project's code says (``ProjectFacts/mentionedCodeNames``): cases the one-file
/// examples cannot express.
@Suite("Project-wide platform rules")
struct ProjectWidePlatformRulesTests {
    static let unlock = """
        final class VaultLock {
            func unlock() { LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { _, _ in } }
        }
        """
    static let reveal = """
        final class PasswordView: UIView {
            @objc func toggle() { passwordField.isSecureTextEntry.toggle() }
        }
        """

    func findings(_ files: [String: String], rule: any AuditRule) -> [Finding] {
        let contents = files.sorted { $0.key < $1.key }.map { (path: $0.key, data: Data($0.value.utf8)) }
        return AuditRunner.audit(contents: contents, rules: [rule]).findings
    }

    @Test("the project's facts list the watched names its Swift and Objective-C code mention, and no others")
    func mentionedNames() {
        var files: [ScannedFile] = [.objectiveC(ObjectiveCFile(path: "App/Delegate.m", text: "- (void)applicationDidEnterBackground:(UIApplication *)app {}"))]
        if let plist = PropertyListFile(path: "App/Info.plist", data: Data(Self.plistMentioningHooks.utf8)) { files.append(.propertyList(plist)) }
        #expect(files.count == 2, "the property list parses")
        let facts = ProjectFacts(files: files)
        #expect(facts.mentionedCodeNames == ["applicationDidEnterBackground"])
        #expect(facts.reactsToLeavingForeground)
        #expect(!facts.mayRefuseKeyboardExtensions)
    }

    /// A property list whose strings name the hooks: not code, so it proves nothing.
    static let plistMentioningHooks = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>Note</key><string>sceneWillResignActive shouldAllowExtensionPointIdentifier</string>
        </dict></plist>
        """

    @Test("a cover hook in an Objective-C file of the project silences the Swift LAContext")
    func coverInObjectiveC() {
        let silent = findings(
            ["App/VaultLock.swift": Self.unlock, "App/AppDelegate.m": "- (void)applicationWillResignActive:(UIApplication *)app { [self cover]; }"],
            rule: PlatformPrivacyCoverMissing())
        #expect(silent.isEmpty)
        let reported = findings(["App/VaultLock.swift": Self.unlock, "App/Info.plist": Self.plistMentioningHooks], rule: PlatformPrivacyCoverMissing())
        #expect(reported.map(\.rule.id) == ["platform-privacy-cover-missing"])
    }

    @Test("reported once per project, naming how many other files share the fact")
    func oncePerProject() {
        let found = findings(["App/A.swift": Self.reveal, "App/B.swift": Self.reveal, "App/C.swift": Self.reveal], rule: PlatformKeyboardExtensionsAllowed())
        #expect(found.map(\.file) == ["App/A.swift"])
        #expect(found.first?.message.hasSuffix("(and in 2 other files)") == true)
    }
}
