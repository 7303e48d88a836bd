import Foundation
import Testing

@Suite("devicetrust pin plist")
struct PinPlistCommandTests {
    let current = PinCommandFixtures.fakePin(1)
    let backup = PinCommandFixtures.fakePin(2)

    /// The fragment wrapped in a plist document and parsed back; returns the domain's settings.
    func parsedDomain(_ run: PinCommandRun, domain: String) throws -> [String: Any] {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(run.outputText)
            </dict>
            </plist>
            """
        let plist = try PropertyListSerialization.propertyList(from: Data(document.utf8), options: [], format: nil)
        let root = try #require(plist as? [String: Any])
        let ats = try #require(root["NSAppTransportSecurity"] as? [String: Any])
        let pinned = try #require(ats["NSPinnedDomains"] as? [String: Any])
        #expect(pinned.count == 1)
        return try #require(pinned[domain] as? [String: Any])
    }

    func pins(in list: Any?) throws -> [String] {
        let entries = try #require(list as? [[String: Any]])
        return try entries.map { entry in
            #expect(entry.count == 1)
            return try #require(entry["SPKI-SHA256-BASE64"] as? String)
        }
    }

    @Test func leafPinsParseAsAPlist() throws {
        let run = PinCommandRun(["plist", "--domain", "API.Example.com", "--pin", current, "--pin", backup])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        let settings = try parsedDomain(run, domain: "api.example.com")
        #expect(try pins(in: settings["NSPinnedLeafIdentities"]) == [current, backup])
        #expect(settings["NSPinnedCAIdentities"] == nil)
        #expect(settings["NSIncludesSubdomains"] == nil)
    }

    @Test func caPinsWithSubdomains() throws {
        let run = PinCommandRun([
            "plist", "--domain", "example.com", "--pin", current, "--pin", backup, "--include-subdomains", "--ca",
        ])
        #expect(run.status == 0)
        let settings = try parsedDomain(run, domain: "example.com")
        #expect(try pins(in: settings["NSPinnedCAIdentities"]) == [current, backup])
        #expect(settings["NSPinnedLeafIdentities"] == nil)
        #expect(settings["NSIncludesSubdomains"] as? Bool == true)
    }

    @Test func oneOrTwoEqualPinsNeedABackup() {
        for pins in [[current], [current, current]] {
            let run = PinCommandRun(["plist", "--domain", "example.com"] + pins.flatMap { ["--pin", $0] })
            #expect(run.status == 2)
            #expect(run.errorText.contains("a backup pin is required"))
            #expect(run.output.isEmpty)
        }
    }

    @Test func noPins() {
        let run = PinCommandRun(["plist", "--domain", "example.com"])
        #expect(run.status == 2)
        #expect(run.errorText.contains("backup pin"))
    }

    @Test func malformedPinIsNamed() {
        let run = PinCommandRun(["plist", "--domain", "example.com", "--pin", current, "--pin", "sha256/abc"])
        #expect(run.status == 2)
        #expect(run.errorText.contains("sha256/abc"))
        #expect(run.errorText.contains("not an SPKI-SHA256-BASE64 pin"))
    }

    @Test func invalidOrMissingDomain() {
        let bad = PinCommandRun(["plist", "--domain", "https://example.com/", "--pin", current, "--pin", backup])
        #expect(bad.status == 2)
        #expect(bad.errorText.contains("https://example.com/"))
        #expect(!bad.errorText.contains(".swift:"))
        let missing = PinCommandRun(["plist", "--pin", current, "--pin", backup])
        #expect(missing.status == 2)
        #expect(missing.errorText.contains("missing --domain"))
    }
}
