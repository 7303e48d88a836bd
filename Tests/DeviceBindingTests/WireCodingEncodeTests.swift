import DeviceBinding
import Foundation
import Testing

@Suite("WireCoding writes flat answers directly, byte for byte as JSONEncoder would")
struct WireCodingEncodeTests {
    /// What `WireCoding.encode` did before the direct path: `JSONEncoder`, sorted keys,
    /// slashes unescaped.
    private static func encodedByJSONEncoder<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Strings a field could hold: plain, with every escape, non-ASCII, slashes, U+2028.
    private static let awkwardStrings = [
        "Bearer", "", "a/b\\c\"d", "tab\tnew\nline\rform\u{0C}back\u{08}", "\u{00}\u{01}\u{1F}\u{7F}",
        "é 漢字 🙂", "\u{2028}\u{2029}", "eyJhbGciOiJFUzI1NiJ9.e30.c2ln",
    ]

    @Test("a token response")
    func tokenResponse() throws {
        for text in Self.awkwardStrings {
            for expiresIn in [0, 1, 300, -5, 1 << 53, -(1 << 53), Int.max, Int.min] {
                let response = TokenResponse(accessToken: text, tokenType: text, expiresIn: expiresIn)
                #expect(try WireCoding.encode(response) == Self.encodedByJSONEncoder(response), "\(text.debugDescription) \(expiresIn)")
            }
        }
    }

    @Test("a created challenge")
    func challengeCreated() throws {
        let expires = try RFC3339Timestamp(secondsSince1970: 1_800_000_000)
        for text in Self.awkwardStrings {
            let created = ChallengeCreated(challengeId: text, signingPayload: text, expiresAt: expires)
            #expect(try WireCoding.encode(created) == Self.encodedByJSONEncoder(created), "\(text.debugDescription)")
        }
    }
}
