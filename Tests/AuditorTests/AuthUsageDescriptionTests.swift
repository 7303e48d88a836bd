@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// `auth-usage-description-missing` reads code against every Info.plist of the project:
/// cases the one-file examples cannot express.
@Suite("Usage descriptions across a project")
struct AuthUsageDescriptionTests {
    static let code = """
        func scan() {
            AVCaptureDevice.requestAccess(for: .video) { _ in }
        }
        """

    static func plist(_ keys: [(String, String)]) -> String {
        AuthUsageDescriptionMissing.infoPlist(keys)
    }

    func findings(_ files: [String: String]) -> [Finding] {
        let contents = files.sorted { $0.key < $1.key }.map { (path: $0.key, data: Data($0.value.utf8)) }
        return AuditRunner.audit(contents: contents, rules: [AuthUsageDescriptionMissing()]).findings
    }

    @Test("a key declared in any Info.plist of the project counts")
    func keyInAnotherInfoPlist() {
        let found = findings([
            "App/Scanner.swift": Self.code,
            "App/Info.plist": Self.plist([]),
            "ScannerExtension/Info.plist": Self.plist([("NSCameraUsageDescription", "Scan cheques")]),
        ])
        #expect(found.isEmpty)
    }

    @Test("a missing key is reported at the API use, once per use")
    func missingKey() {
        let found = findings([
            "App/Scanner.swift": Self.code + "\n" + Self.code.replacingOccurrences(of: "scan()", with: "scanAgain()"),
            "App/Info.plist": Self.plist([("NSMicrophoneUsageDescription", "Voice notes")]),
        ])
        #expect(found.map { "\($0.file):\($0.range.line)" } == ["App/Scanner.swift:2", "App/Scanner.swift:5"])
        #expect(found.allSatisfy { $0.message.contains("NSCameraUsageDescription") })
    }

    @Test("code in test targets is not checked")
    func testCode() {
        let found = findings([
            "AppTests/ScannerTests.swift": Self.code,
            "App/Info.plist": Self.plist([]),
        ])
        #expect(found.isEmpty)
    }

    @Test("an empty description in the Info.plist is reported: it is the development-language string")
    func emptyDescription() {
        let found = findings([
            "App/Scanner.swift": Self.code,
            "App/Info.plist": Self.plist([("NSCameraUsageDescription", "")]),
        ])
        #expect(found.map { "\($0.file):\($0.range.line)" } == ["App/Info.plist:7"])
        #expect(found.first?.message.contains("development-language") == true)
    }

    @Test("an empty Info.plist description that the project's InfoPlist.strings localize is not reported; other .strings files are not read")
    func localizedDescription() {
        let empty = Self.plist([("NSCameraUsageDescription", "")])
        let localized = findings([
            "App/Scanner.swift": Self.code,
            "App/Info.plist": empty,
            "App/en.lproj/InfoPlist.strings": "/* Camera */\n\"NSCameraUsageDescription\" = \"Scan the cheque you deposit.\";\n",
        ])
        #expect(localized.isEmpty)
        let stillEmpty = findings([
            "App/Scanner.swift": Self.code,
            "App/Info.plist": empty,
            "App/en.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"\";\n",
        ])
        #expect(stillEmpty.map { "\($0.file):\($0.range.line)" } == ["App/Info.plist:7"])
        #expect(SourceDiscovery.isScannable("InfoPlist.strings") && !SourceDiscovery.isScannable("Localizable.strings"))
    }

    @Test("a generated Info.plist: INFOPLIST_KEY_* build settings in the project file or an xcconfig declare keys")
    func generatedInfoPlist() {
        let faceID =
            "import LocalAuthentication\nfunc unlock(_ context: LAContext) {\n    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: \"Unlock\") { _, _ in }\n}\n"
        let project = """
            \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
            \t\t\t\tINFOPLIST_KEY_NSCameraUsageDescription = "Scan the cheque you deposit.";
            \t\t\t\tINFOPLIST_KEY_UILaunchScreen_Generation = YES;
            """
        let found = findings([
            "App/Scanner.swift": Self.code, "App/Unlock.swift": faceID,
            "App.xcodeproj/project.pbxproj": project,
        ])
        #expect(found.map { "\($0.file):\($0.range.line)" } == ["App/Unlock.swift:3"])
        #expect(found.first?.message.contains("NSFaceIDUsageDescription") == true)
        let viaXcconfig = findings([
            "App/Unlock.swift": faceID, "App/Info.plist": Self.plist([]),
            "Config/App.xcconfig": "GENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_NSFaceIDUsageDescription = Unlock your vault\n",
        ])
        #expect(viaXcconfig.isEmpty)
        // Without the project file a partial Info.plist says nothing about what is missing.
        let partial = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>UIBackgroundModes</key><array/></dict></plist>"
        #expect(findings(["App/Unlock.swift": faceID, "App/Info.plist": partial]).isEmpty)
    }
}
