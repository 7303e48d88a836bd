import Foundation
import Pinning
import Testing

/// Which pin set applies to a host: exact or on a label boundary below a parent that
/// includes subdomains, case-insensitively, the most specific set first.
@Suite("Pinning policy: host matching")
struct HostMatchingTests {
    /// Whether `host`, under `pinSets`, rejects the rogue chain (that is: is pinned).
    private func rejectsRogueChain(host: String, _ pinSets: (PinnedDeployment) throws -> [PinSet]) throws -> Bool {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy(try pinSets(scene))
        return policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true) != .allow
    }

    @Test(
        "A subdomain is pinned by a parent set that includes subdomains",
        arguments: [
            "api.example.test", "deep.api.example.test", "example.test",
        ])
    func subdomainIsCovered(host: String) throws {
        #expect(try rejectsRogueChain(host: host) { [try PinSet(domain: "example.test", pins: $0.pins, includesSubdomains: true)] })
    }

    @Test("Without includesSubdomains only the domain itself is pinned")
    func subdomainNotCoveredByDefault() throws {
        #expect(try rejectsRogueChain(host: "example.test") { [try PinSet(domain: "example.test", pins: $0.pins)] })
        #expect(try !rejectsRogueChain(host: "api.example.test") { [try PinSet(domain: "example.test", pins: $0.pins)] })
    }

    @Test("Subdomains match on a label boundary: evilexample.test is not under example.test")
    func labelBoundary() throws {
        #expect(
            try !rejectsRogueChain(host: "evilexample.test") {
                [try PinSet(domain: "example.test", pins: $0.pins, includesSubdomains: true)]
            })
    }

    @Test(
        "Host names compare case-insensitively and ignore a trailing dot",
        arguments: [
            "API.EXAMPLE.TEST", "Api.Example.Test.", "api.example.test.",
        ])
    func caseAndTrailingDot(host: String) throws {
        #expect(try rejectsRogueChain(host: host) { [try PinSet(domain: "api.example.test", pins: $0.pins)] })
    }

    @Test("The exact host's set beats a parent's set that includes subdomains")
    func mostSpecificSetWins() throws {
        let scene = try PinnedDeployment()
        let host = "api.example.test"
        let parentPins = [TestPKI.pin(of: scene.rogueLeafKey), scene.backupPin]  // the parent would accept the rogue key
        let policy = PinningPolicy([
            try PinSet(domain: "example.test", pins: parentPins, includesSubdomains: true),
            try PinSet(domain: host, pins: scene.pins),
        ])
        #expect(policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true) != .allow)
        #expect(policy.evaluate(host: host, chain: try scene.legitimateChain(host: host), systemTrustPassed: true) == .allow)
        #expect(policy.evaluate(host: "www.example.test", chain: try scene.rogueChain(host: "www.example.test"), systemTrustPassed: true) == .allow)
    }
}
