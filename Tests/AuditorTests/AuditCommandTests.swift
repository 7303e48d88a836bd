@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// `devicetrust audit`'s options and exit status, run in process on temporary trees.
@Suite("devicetrust audit, the command")
struct AuditCommandTests {
    /// A temporary tree with `files` (relative path → contents), removed by the caller.
    static func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    static let leaky = "import Foundation\nfunc save(token: String) {\n    UserDefaults.standard.set(token, forKey: \"authToken\")\n}\n"
    static let medium =
        "import Security\nfunc add(_ d: Data) {\n    SecItemAdd([kSecClass: kSecClassGenericPassword, kSecValueData: d] as CFDictionary, nil)\n}\n"

    static func run(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        AuditReportGoldenTests.run(arguments)
    }

    @Test("exit 1 when a finding is at or above --fail-on (default high), 0 otherwise")
    func exitStatus() throws {
        let root = try Self.tree(["A.swift": Self.leaky, "B.swift": Self.medium])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(Self.run([root.path]).status == 1)
        #expect(Self.run([root.path, "--fail-on", "critical"]).status == 0)
        #expect(Self.run([root.path, "--fail-on", "never"]).status == 0)
        #expect(Self.run([root.path, "--rules", "keychain-accessible-missing"]).status == 0)
        #expect(Self.run([root.path, "--rules", "keychain-accessible-missing", "--fail-on", "medium"]).status == 1)
        #expect(Self.run([root.path, "--fail-on=info"]).status == 1)
    }

    @Test("exit 2 for usage errors and unreadable input, with a message on standard error")
    func usageErrors() throws {
        for arguments in [
            ["--format", "xml"], ["--fail-on", "severe"], ["--rules", "no-such-rule"], ["--bogus"],
            ["/no/such/folder"], ["--baseline", "/no/such/baseline.json"], ["--explain", "no-such-rule"], ["--output"],
        ] {
            let result = Self.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("devicetrust audit:"), "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments)")
        }
    }

    @Test("vendored folders are skipped unless --include-vendored; --exclude skips globs")
    func vendoredAndExcluded() throws {
        let root = try Self.tree([
            "App/A.swift": Self.leaky, "Pods/Lib/B.swift": Self.leaky, "Carthage/C.swift": Self.leaky,
            "Generated/D.swift": Self.leaky, "App/E.generated.swift": Self.leaky,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        func files(_ extra: [String]) -> Set<String> {
            let output = Self.run([root.path, "--format", "json", "--fail-on", "never"] + extra).output
            let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            return Set((object?["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        }
        #expect(files([]) == ["App/A.swift", "Generated/D.swift", "App/E.generated.swift"])
        #expect(files(["--include-vendored"]).isSuperset(of: ["Pods/Lib/B.swift", "Carthage/C.swift"]))
        #expect(files(["--exclude", "Generated/**", "*.generated.swift"]) == ["App/A.swift"])
        #expect(files(["--exclude", "Generated", "--exclude", "App/*.generated.swift"]) == ["App/A.swift"])
    }

    @Test("package-manager folders are recognised whatever their case; copied third-party code is scanned and marked in every format")
    func vendoredSpellings() throws {
        let vendored = ["PODS/A.swift", "Carthage/Checkouts/B.swift", "SourcePackages/C.swift", ".build/D.swift"]
        let copied = ["Vendor/A.swift", "vendor/B.swift", "ThirdParty/C.swift", "third_party/D.swift", "3rdParty/E.swift"]
        var files = ["App/Own.swift": Self.leaky]
        for path in vendored + copied { files[path] = Self.leaky }
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        func reported(_ extra: [String]) -> Set<String> {
            let output = Self.run([root.path, "--format", "json", "--fail-on", "never"] + extra).output
            let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            return Set((object?["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        }
        #expect(reported([]) == Set(copied + ["App/Own.swift"]))
        #expect(reported(["--include-vendored"]).isSuperset(of: vendored.filter { !$0.hasPrefix(".") } + copied + ["App/Own.swift"]))
        let text = Self.run([root.path, "--fail-on", "never"]).output
        #expect(text.contains("note: Carthage/: vendored code, not scanned (--include-vendored scans it)"))
        #expect(
            text.contains("ThirdParty/C.swift:")
                && text.split(separator: "\n").contains { $0.hasPrefix("ThirdParty/C.swift:") && $0.contains("(third-party code)") })
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("App/Own.swift:") && $0.contains("third-party") })
        let json = try JSONSerialization.jsonObject(with: Data(Self.run([root.path, "--format", "json", "--fail-on", "never"]).output.utf8)) as? [String: Any]
        let findings = json?["findings"] as? [[String: Any]] ?? []
        #expect(Set(findings.filter { $0["thirdParty"] as? Bool == true }.compactMap { $0["file"] as? String }) == Set(copied))
        let sarif = Self.run([root.path, "--format", "sarif", "--fail-on", "never"]).output
        #expect(sarif.contains("\"thirdParty\" : true"))
        #expect(!Self.run([root.path, "--fail-on", "never", "--include-vendored"]).output.contains("vendored code, not scanned"))
    }

    @Test("test files kept next to the sources, and sources that import a test framework, count as test code")
    func testFilesBesideSources() throws {
        let request =
            "import Foundation\nfunc login() {\n    URLSession.shared.dataTask(with: URLRequest(url: URL(string: \"http://api.bank-example.com/login\")!)).resume()\n}\n"
        let root = try Self.tree([
            "Library/AppEnvironmentTests+OAuth.swift": request, "Library/LoginTests.swift": request,
            "Library/Helpers.swift": "import XCTest\n" + request, "Library/ABTest.swift": request,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Self.run([root.path, "--format", "json", "--fail-on", "never"]).output
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let files = Set((object?["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(files == ["Library/ABTest.swift"])
    }

    @Test("each path given is its own project: one app's Info.plist does not answer for another's code")
    func projectsPerPath() throws {
        let faceID =
            "import LocalAuthentication\nfunc unlock(_ context: LAContext) {\n    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: \"Unlock\") { _, _ in }\n}\n"
        let declaring =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>NSFaceIDUsageDescription</key><string>Unlock your vault</string></dict></plist>"
        let silent =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>com.example.b</string></dict></plist>"
        let root = try Self.tree([
            "AppA/Info.plist": declaring, "AppA/Unlock.swift": faceID,
            "AppB/Info.plist": silent, "AppB/Unlock.swift": faceID,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Self.run([
            root.appendingPathComponent("AppA").path, root.appendingPathComponent("AppB").path,
            "--format", "json", "--fail-on", "never", "--rules", "auth-usage-description-missing",
        ]).output
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let files = (object?["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(files.count == 1)
        #expect(files.first?.hasSuffix("AppB/Unlock.swift") == true)
    }

    @Test("a baseline written by --write-baseline silences exactly the known findings")
    func baseline() throws {
        let root = try Self.tree(["A.swift": Self.leaky])
        defer { try? FileManager.default.removeItem(at: root) }
        let baseline = root.appendingPathComponent("baseline.json").path
        #expect(Self.run([root.path, "--write-baseline", baseline]).status == 1)
        #expect(Self.run([root.path, "--baseline", baseline]).status == 0)
        // An unrelated edit above the finding keeps it known; a new finding is reported.
        try ("// A comment added later\n\n" + Self.leaky + "func again(password: String) { UserDefaults.standard.set(password, forKey: \"pw\") }\n")
            .write(to: root.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let after = Self.run([root.path, "--baseline", baseline])
        #expect(after.status == 1)
        #expect(after.output.split(separator: "\n").filter { $0.contains("[storage-secret-in-userdefaults]") }.count == 1)
        #expect(after.output.contains("A.swift:7:32: error: password is stored"))
        try "not json".write(toFile: baseline, atomically: true, encoding: .utf8)
        #expect(Self.run([root.path, "--baseline", baseline]).status == 2)
    }

    @Test("--output writes the report to a file; --list-rules and --explain describe the rules")
    func outputListExplain() throws {
        let root = try Self.tree(["A.swift": Self.leaky])
        defer { try? FileManager.default.removeItem(at: root) }
        let report = root.appendingPathComponent("report.json").path
        let result = Self.run([root.path, "--format", "json", "--output", report])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("\"ruleId\" : \"storage-secret-in-userdefaults\""))
        let list = Self.run(["--list-rules"])
        #expect(list.status == 0)
        for rule in AuditRuleCatalog.all { #expect(list.output.contains(rule.metadata.id)) }
        let explain = Self.run(["--explain", "keychain-accessible-missing"])
        #expect(explain.status == 0 && explain.output.contains("Fix:") && explain.output.contains("MASVS-STORAGE-1"))
    }

    @Test("a single file is audited with its path relative to the current directory")
    func singleFile() throws {
        let root = try Self.tree(["Sub/A.swift": Self.leaky])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = Self.run([root.appendingPathComponent("Sub/A.swift").path]).output
        #expect(output.contains("A.swift:3:5: error:"))
    }
}
