@testable import AppBundle
import AppBundleTestSupport
@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// `devicetrust audit App.ipa` and `devicetrust audit Some.app`: what ships is audited
/// (Info.plist, resources, entitlements, the provisioning profile, the binaries), read in
/// place, with hostile archives refused.
@Suite("Auditing a built app (.ipa, .app)")
struct BuiltAppAuditTests {
    static let awsKey = "AKIAZ7VRSQ5TJNSSDP6A"

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.bank</string>
            <key>CFBundleExecutable</key>
            <string>Bank</string>
            <key>NSAppTransportSecurity</key>
            <dict>
                <key>NSAllowsArbitraryLoads</key>
                <true/>
            </dict>
        </dict>
        </plist>
        """

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>application-identifier</key>
            <string>A1B2C3D4E5.com.example.bank</string>
            <key>get-task-allow</key>
            <true/>
            <key>keychain-access-groups</key>
            <array><string>A1B2C3D4E5.*</string></array>
        </dict>
        </plist>
        """

    /// The main executable: no PIE, Objective-C without the stack protector, an AWS key
    /// and a clear-text URL among its strings, and an ordinary selector that is no secret.
    static let executable = MachOBuilder(
        pie: false, cStrings: ["viewDidLoad", "http://api.mybank-online.com/v1/login", "key=\(awsKey)", "http://www.apple.com/DTDs/PropertyList-1.0.dtd"],
        symbols: ["_objc_msgSend", "_objc_release", "_main"], libraries: ["/usr/lib/libobjc.A.dylib"], cryptID: 0)

    static func bankEntries() -> [ZipWriter.Entry] {
        [
            .file("Payload/Bank.app/Info.plist", text: infoPlist),
            .file("Payload/Bank.app/archived-expanded-entitlements.xcent", text: entitlements),
            .file("Payload/Bank.app/config.json", text: "{\"analytics\": {\"aws_access_key_id\": \"\(awsKey)\"}}"),
            .file("Payload/Bank.app/Bank", executable.bytes()),
            .file(
                "Payload/Bank.app/PlugIns/Widget.appex/Info.plist",
                text: infoPlist.replacingOccurrences(of: "<string>Bank</string>", with: "<string>Widget</string>")),
            .file("Payload/Bank.app/PlugIns/Widget.appex/Widget", MachOBuilder(symbols: ["_swift_release", "_main"]).bytes()),
            .file("Payload/Bank.app/Assets.car", [UInt8](repeating: 7, count: 4096)),
            .link("Payload/Bank.app/passwd", to: "/etc/passwd"),
        ]
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("built-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func audit(_ path: String) throws -> AuditResult {
        try AuditRunner.run(AuditRequest(paths: [path], rules: AuditRuleCatalog.all))
    }

    static func summary(_ result: AuditResult) -> Set<String> {
        Set(result.findings.map { "\($0.file) \($0.rule.id)" })
    }

    @Test("an .ipa: Info.plist, resources, entitlements and binaries go through the rules, named by their bundle path")
    func ipa() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ipa = folder.appendingPathComponent("Bank.ipa").path
        try ZipWriter.write(Self.bankEntries(), to: ipa)
        let result = try Self.audit(ipa)
        let found = Self.summary(result)
        let prefix = "\(ipa)!/Payload/Bank.app/"
        #expect(found.contains(prefix + "Info.plist network-ats-disabled"))
        #expect(found.contains(prefix + "config.json secret-hardcoded"))
        #expect(found.contains(prefix + "archived-expanded-entitlements.xcent platform-get-task-allow"))
        #expect(found.contains(prefix + "archived-expanded-entitlements.xcent keychain-access-group-broad"))
        #expect(found.contains(prefix + "Bank secret-hardcoded"))
        #expect(found.contains(prefix + "Bank network-cleartext-url"))
        #expect(found.contains(prefix + "Bank platform-binary-hardening"))
        // The widget is PIE and pure Swift: nothing to report; the DTD URL and the selector are no findings.
        #expect(!found.contains { $0.contains("Widget.appex/Widget") })
        let binaryFindings = result.findings.filter { $0.file == prefix + "Bank" }
        #expect(binaryFindings.count == 3, "\(binaryFindings.map(\.message))")
        let url = try #require(binaryFindings.first { $0.rule.id == "network-cleartext-url" })
        #expect(url.message.contains("api.mybank-online.com"))
        #expect(url.binaryLocation?.section == "__TEXT,__cstring")
        let hardening = try #require(binaryFindings.first { $0.rule.id == "platform-binary-hardening" })
        #expect(hardening.message == "the arm64 executable is built without position independence (MH_PIE), the stack protector")
        #expect(result.notes.contains { $0.contains("passwd: a symbolic link, not followed") })
    }

    @Test("the text report names the section and offset of a binary finding; JSON and SARIF carry them")
    func binaryPlaces() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ipa = folder.appendingPathComponent("Bank.ipa").path
        try ZipWriter.write(Self.bankEntries(), to: ipa)
        let result = try Self.audit(ipa)
        let text = AuditReportFormat.text.render(result)
        #expect(text.contains("Bank.ipa!/Payload/Bank.app/Bank[__TEXT,__cstring+0x"))
        let json = try JSONSerialization.jsonObject(with: Data(AuditReportFormat.json.render(result).utf8)) as? [String: Any]
        let findings = json?["findings"] as? [[String: Any]] ?? []
        #expect(findings.contains { ($0["section"] as? String) == "__TEXT,__cstring" && ($0["offset"] as? Int ?? 0) > 0 })
        #expect(AuditReportFormat.sarif.render(result).contains("\"byteOffset\""))
    }

    @Test("an .app folder gives the same findings as the .ipa holding it")
    func appFolder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for entry in Self.bankEntries() where !entry.isSymbolicLink {
            let url = folder.appendingPathComponent(String(entry.name.dropFirst("Payload/".count)))
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(entry.bytes).write(to: url)
        }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Bank.app/passwd").path, withDestinationPath: "/etc/passwd")
        let app = folder.appendingPathComponent("Bank.app").path
        let ipa = folder.appendingPathComponent("Bank.ipa").path
        try ZipWriter.write(Self.bankEntries(), to: ipa)
        let fromFolder = Set(try Self.audit(app).findings.map { "\($0.file.replacingOccurrences(of: app + "/", with: "")) \($0.rule.id) \($0.message)" })
        let fromArchive = Set(
            try Self.audit(ipa).findings.map { "\($0.file.replacingOccurrences(of: ipa + "!/Payload/Bank.app/", with: "")) \($0.rule.id) \($0.message)" })
        #expect(fromFolder == fromArchive)
        #expect(fromFolder.count >= 7)
    }

    @Test("hostile archives are refused as a whole, with the reason", arguments: ["climb", "absolute", "bomb", "not a zip"])
    func hostileArchives(kind: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ipa = folder.appendingPathComponent("Evil.ipa").path
        switch kind {
        case "climb": try ZipWriter.write([.file("Payload/../../etc/cron.d/evil", text: "x")], to: ipa)
        case "absolute": try ZipWriter.write([.file("/etc/evil", text: "x")], to: ipa)
        case "bomb": try ZipWriter.write([.file("Payload/Evil.app/zeros.json", [UInt8](repeating: 0, count: 20 << 20))], to: ipa)
        default: try Data("PK\u{3}\u{4} not really".utf8).write(to: URL(fileURLWithPath: ipa))
        }
        var output = ""
        var error = ""
        let status = AuditCommand.run([ipa], standardOutput: { output += $0 }, standardError: { error += $0 })
        #expect(status == 2)
        #expect(output.isEmpty)
        let expected = [
            "climb": "climbs out of the archive", "absolute": "absolute path", "bomb": "the ratio of a zip bomb", "not a zip": "not a readable zip archive",
        ]
        #expect(error.contains(expected[kind]!), "\(error)")
    }

    @Test("an entry that inflates past its stated size, or a damaged one, is refused when read")
    func entriesAreReadWithinTheirSize() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("A.ipa").path
        try ZipWriter.write([.file("Payload/A.app/data.json", Array(String(repeating: "{}", count: 5000).utf8))], to: path)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // Corrupt the compressed data after the local header (30 bytes + the name).
        let start = 30 + "Payload/A.app/data.json".utf8.count
        for offset in start..<(start + 8) { bytes[offset] ^= 0xFF }
        let archive = try ZipArchive(bytes: bytes, name: "A.ipa")
        let entry = try #require(archive.entries.first)
        #expect(throws: AppBundleError.self) { try archive.read(entry) }
    }

    @Test("limits: too many entries are refused before anything is read")
    func entryLimit() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Many.ipa").path
        try ZipWriter.write((0..<20).map { .file("Payload/M.app/f\($0).json", text: "{}") }, to: path)
        var limits = ZipLimits.appArchive
        limits.maximumEntries = 10
        #expect {
            _ = try ZipArchive(path: path, limits: limits)
        } throws: { error in
            (error as? AppBundleError)?.code == .overLimit
        }
    }

    @Test(
        "an App Store build signed with App Attest environment development is reported on its signed entitlements; production is not",
        arguments: [("development", true), ("production", false)])
    func appAttestEnvironment(environment: String, reported: Bool) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let signed =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>beta-reports-active</key><true/>"
            + "<key>com.apple.developer.devicecheck.appattest-environment</key><string>\(environment)</string></dict></plist>"
        let ipa = folder.appendingPathComponent("Store.ipa").path
        try ZipWriter.write(
            [.file("Payload/Store.app/Info.plist", text: Self.infoPlist), .file("Payload/Store.app/archived-expanded-entitlements.xcent", text: signed)],
            to: ipa)
        let found = Self.summary(try Self.audit(ipa))
        #expect(found.contains("\(ipa)!/Payload/Store.app/archived-expanded-entitlements.xcent platform-app-attest-development") == reported, "\(found)")
    }

    @Test("a provisioning profile's entitlements are read from its CMS envelope")
    func provisioningProfile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profileXML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>Name</key>
                <string>Bank Development</string>
                <key>Entitlements</key>
                <dict>
                    <key>get-task-allow</key>
                    <true/>
                </dict>
                <key>ProvisionedDevices</key>
                <array><string>00008030-000A1B2C3D4E5F60</string></array>
            </dict>
            </plist>
            """
        let content = folder.appendingPathComponent("profile.plist")
        try Data(profileXML.utf8).write(to: content)
        let key = folder.appendingPathComponent("key.pem").path
        let certificate = folder.appendingPathComponent("cert.pem").path
        let profile = folder.appendingPathComponent("embedded.mobileprovision").path
        try Self.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", certificate, "-subj", "/CN=Test Signer",
            "-days", "1",
        ])
        try Self.openssl([
            "cms", "-sign", "-nodetach", "-binary", "-outform", "DER", "-in", content.path, "-signer", certificate, "-inkey", key, "-out", profile,
        ])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: profile)))
        #expect(try ProvisioningProfile.content(of: bytes, name: "embedded.mobileprovision") == Array(profileXML.utf8))
        #expect(throws: AppBundleError.self) { try ProvisioningProfile.content(of: Array("not cms".utf8), name: "x") }

        let ipa = folder.appendingPathComponent("Dev.ipa").path
        try ZipWriter.write([.file("Payload/Dev.app/Info.plist", text: Self.infoPlist), .file("Payload/Dev.app/embedded.mobileprovision", bytes)], to: ipa)
        let found = Self.summary(try Self.audit(ipa))
        #expect(found.contains("\(ipa)!/Payload/Dev.app/embedded.mobileprovision platform-get-task-allow"))
    }

    static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " "))")
    }
}
