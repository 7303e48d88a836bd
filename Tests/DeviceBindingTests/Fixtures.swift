import DeviceBinding
import Foundation

/// Shared sample values for the specifications in this target.
enum Fixtures {
    /// Bytes 0, 1, …, 31.
    static let nonce = Data(0..<32)
    static let nonceBase64URL = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"

    /// A payment the user approves, and the SHA-256 of its canonical form
    /// `{"amount":"10.00","currency":"EUR","to":"alice"}` (computed independently).
    static let action: JSONValue = ["to": "alice", "amount": "10.00", "currency": "EUR"]
    static let actionSHA256 = "5eba308679c8a55c21613f0f60868cf2395689256ff7c0c998751cd03b32a9cd"

    static let expiresText = "2026-01-31T23:59:59Z"
    static var expires: RFC3339Timestamp { try! RFC3339Timestamp(parsing: expiresText) }

    /// The lines of a challenge payload for ``action``, without their "\n".
    static let challengeLines = [
        "devicetrust-v1",
        "kind: challenge",
        "id: ch_123",
        "nonce: \(nonceBase64URL)",
        "account: acct-42",
        "device: dev-7",
        "key: biometric",
        "purpose: action",
        "action-sha256: \(actionSHA256)",
        "expires: \(expiresText)",
    ]

    /// The lines of an enrollment payload.
    static let enrollmentLines = [
        "devicetrust-v1",
        "kind: enrollment",
        "id: en_9",
        "nonce: \(nonceBase64URL)",
        "account: acct-42",
        "device: ",
        "key: ",
        "purpose: enroll",
        "action-sha256: ",
        "expires: \(expiresText)",
    ]

    /// Joins lines, each followed by "\n", as UTF-8.
    static func text(_ lines: [String]) -> Data {
        Data(lines.map { $0 + "\n" }.joined().utf8)
    }

    static func challengePayload() throws -> SigningPayload {
        try SigningPayload.challenge(
            id: "ch_123", nonce: nonce, account: "acct-42", device: "dev-7", key: .biometric, purpose: .action,
            action: action, expires: expires
        )
    }

    static func enrollmentPayload() throws -> SigningPayload {
        try SigningPayload.enrollment(id: "en_9", nonce: nonce, account: "acct-42", expires: expires)
    }
}

/// The error a throwing call raised, or `nil` if it succeeded.
func thrownError<E: Error, T>(_ body: () throws(E) -> T) -> E? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
