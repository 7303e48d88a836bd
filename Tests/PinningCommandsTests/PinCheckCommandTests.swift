import Foundation
import Testing

@Suite("devicetrust pin check")
struct PinCheckCommandTests {
    /// An Info.plist whose ATS dictionary is `ats`, written as XML or binary.
    func infoPlist(_ ats: [String: Any], binary: Bool = false) throws -> String {
        let root: [String: Any] = ["CFBundleIdentifier": "com.example.app", "NSAppTransportSecurity": ats]
        let data = try PropertyListSerialization.data(fromPropertyList: root, format: binary ? .binary : .xml, options: 0)
        return try PinCommandFixtures.write(data, name: "Info.plist")
    }

    func pinned(_ pins: [String], list: String = "NSPinnedLeafIdentities") -> [String: Any] {
        [list: pins.map { ["SPKI-SHA256-BASE64": $0] }]
    }

    @Test func cleanPlistReportsNothing() throws {
        let path = try infoPlist([
            "NSPinnedDomains": ["api.example.com": pinned([PinCommandFixtures.fakePin(1), PinCommandFixtures.fakePin(2)])],
            "NSExceptionDomains": ["legacy.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.3"]],
        ])
        let run = PinCommandRun(["check", path])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: [false, true])
    func everyProblemIsOneLine(binary: Bool) throws {
        let path = try infoPlist(
            [
                "NSAllowsArbitraryLoads": true,
                "NSAllowsArbitraryLoadsInWebContent": true,
                "NSAllowsArbitraryLoadsForMedia": false,
                "NSPinnedDomains": ["api.example.com": pinned([PinCommandFixtures.fakePin(1)])],
                "NSExceptionDomains": [
                    "http.example.com": ["NSExceptionAllowsInsecureHTTPLoads": true],
                    "temp.example.com": ["NSTemporaryExceptionAllowsInsecureHTTPLoads": true],
                    "old.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.0"],
                    "ok.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.2", "NSIncludesSubdomains": true],
                ],
            ], binary: binary)
        let run = PinCommandRun(["check", path])
        #expect(run.status == 1)
        #expect(run.output.count == 6, "\(run.output)")
        let text = run.outputText
        #expect(text.contains("NSAllowsArbitraryLoads is true"))
        #expect(text.contains("NSAllowsArbitraryLoadsInWebContent is true"))
        #expect(!text.contains("NSAllowsArbitraryLoadsForMedia"))
        #expect(text.contains("api.example.com: NSPinnedLeafIdentities has 1 pin; add a backup pin"))
        #expect(text.contains("exception domain http.example.com: NSExceptionAllowsInsecureHTTPLoads is true"))
        #expect(text.contains("exception domain temp.example.com: NSTemporaryExceptionAllowsInsecureHTTPLoads is true"))
        #expect(text.contains("exception domain old.example.com: NSExceptionMinimumTLSVersion is TLSv1.0, below TLSv1.2"))
        #expect(!text.contains("ok.example.com"))
        #expect(run.output.allSatisfy { $0.hasPrefix(path + ": ") })
    }

    @Test func pinnedDomainWithoutPinLists() throws {
        let path = try infoPlist(["NSPinnedDomains": ["api.example.com": ["NSIncludesSubdomains": true]]])
        let run = PinCommandRun(["check", path])
        #expect(run.status == 1)
        #expect(run.outputText.contains("api.example.com has no NSPinnedLeafIdentities or NSPinnedCAIdentities"))
    }

    @Test func pinsAreMatchedAgainstTheGivenCertificates() throws {
        let leafKey = try PinCommandFixtures.key()
        let caKey = try PinCommandFixtures.key()
        let leaf = try PinCommandFixtures.write(
            Data(PinCommandFixtures.pem(try PinCommandFixtures.certificate(commonName: "api", key: leafKey)).utf8), name: "leaf.pem"
        )
        let ca = try PinCommandFixtures.write(
            Data(try PinCommandFixtures.certificate(commonName: "CA", key: caKey).der), name: "ca.der"
        )
        let stale = PinCommandFixtures.fakePin(9)
        let path = try infoPlist([
            "NSPinnedDomains": [
                "api.example.com": pinned([PinCommandFixtures.pin(of: leafKey), stale]),
                "example.com": pinned([PinCommandFixtures.pin(of: caKey), PinCommandFixtures.pin(of: leafKey)], list: "NSPinnedCAIdentities"),
            ]
        ])
        let run = PinCommandRun(["check", path, "--cert", leaf, "--cert", ca])
        #expect(run.status == 1)
        #expect(run.output.count == 1, "\(run.output)")
        #expect(run.outputText.contains("api.example.com: NSPinnedLeafIdentities pin \(stale) matches none of the given certificates"))

        let withoutCerts = PinCommandRun(["check", path])
        #expect(withoutCerts.status == 0)
    }

    @Test func malformedPinInThePlist() throws {
        let path = try infoPlist(["NSPinnedDomains": ["api.example.com": pinned([PinCommandFixtures.fakePin(1), "abc"])]])
        let run = PinCommandRun(["check", path])
        #expect(run.status == 1)
        #expect(run.outputText.contains("holds \"abc\", not an SPKI-SHA256-BASE64 pin"))
    }

    @Test func unreadableInputsExitWithTwo() throws {
        let missing = PinCommandRun(["check", "/nonexistent/Info.plist"])
        #expect(missing.status == 2)
        #expect(missing.errors.count == 1, "an unreadable input is no usage error: \(missing.errors)")
        #expect(missing.errorText.hasPrefix("devicetrust pin check: /nonexistent/Info.plist: cannot read"))

        let notPlist = try PinCommandFixtures.write(Data("not a plist {".utf8), name: "Info.plist")
        let garbage = PinCommandRun(["check", notPlist])
        #expect(garbage.status == 2)
        #expect(garbage.errorText.contains("not a property list"))

        let array = try PinCommandFixtures.write(
            try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0), name: "Info.plist"
        )
        #expect(PinCommandRun(["check", array]).status == 2)

        let valid = try infoPlist([:])
        let badCert = PinCommandRun(["check", valid, "--cert", "/nonexistent/leaf.pem"])
        #expect(badCert.status == 2)
        #expect(badCert.errorText.contains("/nonexistent/leaf.pem"))

        let none = PinCommandRun(["check"])
        #expect(none.status == 2)
        #expect(none.errors.first == "devicetrust pin check: missing Info.plist")
        let two = PinCommandRun(["check", valid, valid])
        #expect(two.status == 2)
        #expect(two.errors.first == "devicetrust pin check: unexpected argument '\(valid)'")
    }
}
