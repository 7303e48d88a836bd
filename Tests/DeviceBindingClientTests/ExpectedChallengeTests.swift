import DeviceBinding
import Foundation
import Testing
@testable import DeviceBindingClient

/// The check that runs before any key signs, without sockets.
@Suite("ExpectedChallenge: sign only what was asked for")
struct ExpectedChallengeTests {
    static let action: JSONValue = ["type": "transfer", "amount": 25]
    let request = ChallengeRequest(deviceId: "dev-1", key: .biometric, purpose: .action, action: Self.action)

    func payload(
        id: String = "ch-1", device: String = "dev-1", key: KeyKind = .biometric, purpose: Purpose = .action,
        action: JSONValue? = Self.action
    ) throws -> SigningPayload {
        try SigningPayload.challenge(
            id: id, nonce: Data(repeating: 7, count: 32), account: "acct-1", device: device, key: key, purpose: purpose,
            action: action, expires: RFC3339Timestamp(secondsSince1970: 1_900_000_000))
    }

    @Test("the payload asked for matches")
    func matches() throws {
        #expect(ExpectedChallenge(request: request).verdict(for: try payload(), challengeId: "ch-1") == .matches)
    }

    @Test("each differing field is refused")
    func differs() throws {
        let check = ExpectedChallenge(request: request)
        let others = [
            try payload(id: "ch-2"), try payload(device: "dev-2"), try payload(key: .device),
            try payload(purpose: .unlock, action: nil), try payload(action: ["type": "transfer", "amount": 26]),
        ]
        for other in others {
            #expect(check.verdict(for: other, challengeId: "ch-1") != .matches)
        }
        let enrollment = try SigningPayload.enrollment(
            id: "ch-1", nonce: Data(repeating: 7, count: 32), account: "acct-1", expires: RFC3339Timestamp(secondsSince1970: 1_900_000_000))
        #expect(check.verdict(for: enrollment, challengeId: "ch-1") != .matches)
    }
}
