import Foundation
@testable import Pinning
import Testing

/// An expired pin set follows the policy's `expiredPinSets` rule, and its use is reported.
@Suite("Pinning policy: expired pin sets")
struct ExpiryTests {
    let host = "api.example.test"
    let expiry = Date(timeIntervalSince1970: 1_800_000_000)

    private func policy(
        _ scene: PinnedDeployment, _ rule: PinningPolicy.ExpiredPinSets, now: Date, recorder: ReportRecorder
    ) throws -> PinningPolicy {
        PinningPolicy(
            [try PinSet(domain: host, pins: scene.pins, expires: expiry)],
            expiredPinSets: rule, report: recorder.callback, now: { now })
    }

    @Test(
        "Before expiry the set is enforced, whatever the rule",
        arguments: [
            PinningPolicy.ExpiredPinSets.treatAsUnpinned, .keepEnforcing,
        ])
    func notYetExpiredIsEnforced(rule: PinningPolicy.ExpiredPinSets) throws {
        let scene = try PinnedDeployment()
        let policy = try policy(scene, rule, now: expiry.addingTimeInterval(-1), recorder: ReportRecorder())
        #expect(policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true) != .allow)
    }

    @Test("treatAsUnpinned: after expiry the host is unpinned, and every use is reported with enforced false")
    func treatAsUnpinnedAllowsAndReports() throws {
        let scene = try PinnedDeployment()
        let recorder = ReportRecorder()
        let policy = try policy(scene, .treatAsUnpinned, now: expiry.addingTimeInterval(1), recorder: recorder)

        #expect(policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true) == .allow)
        #expect(policy.evaluate(host: host, chain: try scene.legitimateChain(host: host), systemTrustPassed: true) == .allow)
        #expect(recorder.reports.count == 2)
        #expect(recorder.reports.allSatisfy { $0.host == host && !$0.enforced })
        // Still never an untrusted chain.
        #expect(policy.evaluate(host: host, chain: try scene.legitimateChain(host: host), systemTrustPassed: false) != .allow)
    }

    @Test("keepEnforcing: after expiry the set is still enforced")
    func keepEnforcingRejects() throws {
        let scene = try PinnedDeployment()
        let recorder = ReportRecorder()
        let policy = try policy(scene, .keepEnforcing, now: expiry.addingTimeInterval(1), recorder: recorder)

        #expect(policy.evaluate(host: host, chain: try scene.rogueChain(host: host), systemTrustPassed: true) != .allow)
        #expect(policy.evaluate(host: host, chain: try scene.backupChain(host: host), systemTrustPassed: true) == .allow)
        #expect(recorder.reports.map(\.enforced) == [true])
    }
}
