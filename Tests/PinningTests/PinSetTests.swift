import Foundation
import Pinning
import Testing

/// A pin set is validated when made: real SHA-256 pins, a bare domain, and a backup pin
/// whenever it enforces.
@Suite("Pin sets")
struct PinSetTests {
    static let pinA = Data(repeating: 0xA1, count: 32).base64EncodedString()
    static let pinB = Data(repeating: 0xB2, count: 32).base64EncodedString()

    @Test("An enforcing set with one pin throws: a backup pin is required")
    func enforcingSetNeedsABackupPin() {
        #expect(throws: PinningError(code: .missingBackupPin)) {
            try PinSet(domain: "api.example.test", pins: [Self.pinA])
        }
        #expect(throws: PinningError(code: .missingBackupPin)) {
            try PinSet(domain: "api.example.test", pins: [])
        }
    }

    @Test("The error for a missing backup pin says a backup pin is required")
    func missingBackupErrorExplains() {
        do {
            _ = try PinSet(domain: "api.example.test", pins: [Self.pinA])
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("backup pin is required"))
        }
    }

    @Test("Duplicate pins are removed, so the same pin twice is not a backup")
    func duplicatesAreRemovedBeforeTheBackupRule() throws {
        #expect(throws: PinningError(code: .missingBackupPin)) {
            try PinSet(domain: "api.example.test", pins: [Self.pinA, Self.pinA])
        }
        let set = try PinSet(domain: "api.example.test", pins: [Self.pinA, Self.pinB, Self.pinA])
        #expect(set.pins == [Self.pinA, Self.pinB])
    }

    @Test("A report-only set may have a single pin")
    func reportOnlyAllowsOnePin() throws {
        let set = try PinSet(domain: "api.example.test", pins: [Self.pinA], enforce: false)
        #expect(set.pins == [Self.pinA])
        #expect(!set.enforce)
    }

    @Test(
        "Malformed pins throw invalidPin",
        arguments: [
            "",
            "not base64!",
            Data(repeating: 1, count: 31).base64EncodedString(),
            Data(repeating: 1, count: 33).base64EncodedString(),
            Data(repeating: 1, count: 20).base64EncodedString(),
            String(repeating: "ab", count: 32),  // a hex digest, not base64 of 32 bytes
            String(Data(repeating: 1, count: 32).base64EncodedString().dropLast()),  // padding missing
            " " + Data(repeating: 1, count: 32).base64EncodedString(),
            "sha256/" + Data(repeating: 1, count: 32).base64EncodedString(),
        ])
    func malformedPinsThrow(pin: String) {
        #expect(throws: PinningError(code: .invalidPin)) {
            try PinSet(domain: "api.example.test", pins: [pin, Self.pinB])
        }
    }

    @Test("The domain is normalised: lowercase, trailing dot removed")
    func domainIsNormalised() throws {
        let set = try PinSet(domain: "API.Example.TEST.", pins: [Self.pinA, Self.pinB])
        #expect(set.domain == "api.example.test")
    }

    @Test(
        "A domain with a scheme, port, path, wildcard or nothing at all throws invalidDomain",
        arguments: [
            "", ".", "https://api.example.test", "api.example.test:443", "api.example.test/v1",
            "*.example.test", "api..example.test", " api.example.test", "api.exämple.test",
        ])
    func invalidDomainsThrow(domain: String) {
        #expect(throws: PinningError(code: .invalidDomain)) {
            try PinSet(domain: domain, pins: [Self.pinA, Self.pinB])
        }
    }

    @Test("includesSubdomains on a single-label domain (a whole TLD) throws invalidDomain")
    func subdomainsOfATopLevelDomainThrow() {
        #expect(throws: PinningError(code: .invalidDomain)) {
            try PinSet(domain: "test", pins: [Self.pinA, Self.pinB], includesSubdomains: true)
        }
    }
}
