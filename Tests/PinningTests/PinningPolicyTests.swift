import Foundation
import Pinning
import Testing

/// The policy accepts a trusted chain for a pinned host only when one of its
/// certificates carries a pinned key, and never falls back to default trust.
@Suite("Pinning policy: chains")
struct PinningPolicyTests {
    let host = "api.example.test"

    @Test("The chain whose leaf key is pinned is allowed")
    func pinnedLeafIsAllowed() throws {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)])
        #expect(policy.evaluate(host: host, chain: try scene.legitimateChain(host: host), systemTrustPassed: true) == .allow)
    }

    @Test("A rogue chain from another root the system trusts is rejected, not allowed by fallback")
    func rogueChainIsRejected() throws {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)])
        let decision = policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true)
        guard case .reject(let reason) = decision else {
            Issue.record("the rogue chain was allowed")
            return
        }
        #expect(reason.contains(host))
    }

    @Test("A chain whose leaf uses the backup key is allowed")
    func backupKeyIsAllowed() throws {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)])
        #expect(policy.evaluate(host: host, chain: try scene.backupChain(host: host), systemTrustPassed: true) == .allow)
    }

    @Test("A pin on the intermediate allows any leaf under it, and still rejects the rogue chain")
    func intermediatePinAllows() throws {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy([try PinSet(domain: host, pins: [scene.authority.intermediatePin, scene.backupPin])])
        let otherLeaf = try scene.authority.chain(host: host, leafKey: try TestPKI.key())
        #expect(policy.evaluate(host: host, chain: otherLeaf, systemTrustPassed: true) == .allow)
        #expect(policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true) != .allow)
    }

    @Test("A chain the system did not trust is rejected, even when its pins match or the host is unpinned")
    func systemTrustFailureIsRejected() throws {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)])
        let chain = try scene.legitimateChain(host: host)
        #expect(policy.evaluate(host: host, chain: chain, systemTrustPassed: false) != .allow)
        #expect(policy.evaluate(host: "unpinned.test", chain: chain, systemTrustPassed: false) != .allow)
    }

    @Test("An unpinned host is allowed: its default handling is the caller's")
    func unpinnedHostIsAllowed() throws {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)])
        #expect(policy.evaluate(host: "cdn.other.test", chain: try scene.rogueChain(host: "cdn.other.test"), systemTrustPassed: true) == .allow)
    }

    @Test("An unparsable certificate or an empty chain is rejected for a pinned host, even in report-only mode")
    func unparsableChainIsRejected() throws {
        let scene = try PinnedDeployment()
        let chain = try scene.legitimateChain(host: host)
        for enforce in [true, false] {
            let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins, enforce: enforce)])
            #expect(policy.evaluate(host: host, chain: [chain[0], Data([0x30, 0x03, 0x02, 0x01])], systemTrustPassed: true) != .allow)
            #expect(policy.evaluate(host: host, chain: [], systemTrustPassed: true) != .allow)
        }
    }

    @Test("A host given with a scheme or port is rejected rather than treated as unpinned")
    func hostWithPortIsRejected() throws {
        let scene = try PinnedDeployment()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)])
        let rogue = try scene.rogueChain(host: host)
        #expect(policy.evaluate(host: "\(host):443", chain: rogue, systemTrustPassed: true) != .allow)
        #expect(policy.evaluate(host: "https://\(host)", chain: rogue, systemTrustPassed: true) != .allow)
    }
}

/// Mismatches go to the app's opt-in callback, and only there.
@Suite("Pinning policy: reports")
struct PinningReportTests {
    let host = "api.example.test"

    @Test("On an enforced mismatch the callback receives the host, the chain's pins leaf first, and enforced")
    func enforcedMismatchIsReported() throws {
        let scene = try PinnedDeployment()
        let recorder = ReportRecorder()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)], report: recorder.callback)
        let rogue = try scene.rogueChain(host: host)

        #expect(policy.evaluate(host: "API.example.test.", chain: rogue, systemTrustPassed: true) != .allow)

        let expectedPins = [TestPKI.pin(of: scene.rogueLeafKey), scene.rogue.intermediatePin, TestPKI.pin(of: scene.rogue.rootKey)]
        #expect(recorder.reports == [PinningReportSnapshot(host: host, chainPins: expectedPins, enforced: true)])
    }

    @Test("Report-only mode allows a mismatching chain and reports it with enforced false")
    func reportOnlyAllowsAndReports() throws {
        let scene = try PinnedDeployment()
        let recorder = ReportRecorder()
        let policy = PinningPolicy([try PinSet(domain: host, pins: [scene.leafPin], enforce: false)], report: recorder.callback)

        #expect(policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true) == .allow)

        #expect(recorder.reports.count == 1)
        #expect(recorder.reports.first?.enforced == false)
        #expect(recorder.reports.first?.host == host)
    }

    @Test("A matching chain is not reported")
    func matchIsNotReported() throws {
        let scene = try PinnedDeployment()
        let recorder = ReportRecorder()
        let policy = PinningPolicy([try PinSet(domain: host, pins: scene.pins)], report: recorder.callback)

        #expect(policy.evaluate(host: host, chain: try scene.legitimateChain(host: host), systemTrustPassed: true) == .allow)
        #expect(recorder.reports.isEmpty)
    }
}
