import DeviceBinding
import DeviceTrustCrypto
import Foundation
@testable import ServerCredentials
import Testing

@Suite("Access tokens: ES256 JWT")
struct AccessTokenTests {
    static let issuedAt = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
    let key = P256.Signing.PrivateKey()
    var signer: AccessTokenSigner { AccessTokenSigner(signingKey: key) }

    func claims(lifetime: TimeInterval = 300, purpose: String = "action", action: String? = String(repeating: "ab", count: 32)) -> AccessTokenClaims {
        AccessTokenClaims(
            issuer: "devicetrust", audience: "bank-api", subject: "account-42",
            issuedAt: Self.issuedAt, expiresAt: Self.issuedAt + lifetime,
            deviceID: "device-7", key: "biometric", purpose: purpose, actionSHA256: action
        )
    }

    func verifier(at offset: TimeInterval = 60, issuer: String = "devicetrust", audience: String = "bank-api") -> AccessTokenVerifier {
        AccessTokenVerifier(publicKeys: [key.publicKey], issuer: issuer, audience: audience, now: { Self.issuedAt + offset })
    }

    func json(_ part: Substring) throws -> [String: Any] {
        let bytes = try Base64URL.decode(String(part))
        return try #require(JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    }

    @Test("A token round-trips with a fixed header, sorted claims and a 64-byte signature")
    func roundTrip() throws {
        let original = claims()
        let token = try signer.issue(original)
        #expect(try verifier().verify(token) == original)
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
        #expect(String(decoding: try Base64URL.decode(String(parts[0])), as: UTF8.self) == #"{"alg":"ES256","kid":"\#(signer.keyID)","typ":"JWT"}"#)
        let payload = String(decoding: try Base64URL.decode(String(parts[1])), as: UTF8.self)
        #expect(payload.hasPrefix(#"{"action_sha256":"abab"#))
        #expect(
            payload.hasSuffix(
                #","exp":1767225900,"iat":1767225600,"iss":"devicetrust","jti":"\#(original.tokenID)","key":"biometric","purpose":"action","sub":"account-42"}"#
            ))
        #expect(try Base64URL.decode(String(parts[2])).count == 64)
        #expect(original.tokenID.count == 22)
        #expect(signer.keyID.count == 43)
    }

    @Test("Non-action tokens carry no action_sha256; jti values are unique")
    func nonAction() throws {
        let unlock = claims(purpose: "unlock", action: nil)
        let token = try signer.issue(unlock)
        #expect(try json(token.split(separator: ".")[1])["action_sha256"] == nil)
        #expect(try verifier().verify(token).actionSHA256 == nil)
        #expect(Set((0..<50).map { _ in AccessTokenClaims.randomTokenID() }).count == 50)
    }

    @Test("Issuing refuses a lifetime over 300 s or not positive, and inconsistent claims")
    func issueRefusals() throws {
        #expect(throws: AccessTokenError(code: .lifetimeTooLong)) { try signer.issue(claims(lifetime: 301)) }
        #expect(throws: AccessTokenError(code: .lifetimeTooLong)) { try signer.issue(claims(lifetime: 0)) }
        #expect(throws: AccessTokenError(code: .lifetimeTooLong)) { try signer.issue(claims(lifetime: -5)) }
        #expect(throws: AccessTokenError(code: .invalidClaims)) { try signer.issue(claims(action: nil)) }
        #expect(throws: AccessTokenError(code: .invalidClaims)) { try signer.issue(claims(purpose: "unlock")) }
        #expect(throws: AccessTokenError(code: .invalidClaims)) { try signer.issue(claims(action: String(repeating: "AB", count: 32))) }
        var empty = claims()
        empty.subject = ""
        #expect(throws: AccessTokenError(code: .invalidClaims)) { try signer.issue(empty) }
    }

    @Test("Tampering with header, claims or signature is detected")
    func tampering() throws {
        let token = try signer.issue(claims())
        let parts = token.split(separator: ".").map(String.init)
        let verifier = verifier()

        var forgedClaims = try json(Substring(parts[1]))
        forgedClaims["sub"] = "account-43"
        let forgedPayload = Base64URL.encode(try JSONSerialization.data(withJSONObject: forgedClaims, options: [.sortedKeys, .withoutEscapingSlashes]))
        #expect(throws: AccessTokenError(code: .invalidSignature)) { try verifier.verify([parts[0], forgedPayload, parts[2]].joined(separator: ".")) }

        let otherKeyHeader = Base64URL.encode(
            Data(#"{"alg":"ES256","kid":"\#(JSONWebKeySet.keyID(for: P256.Signing.PrivateKey().publicKey))","typ":"JWT"}"#.utf8))
        #expect(throws: AccessTokenError(code: .unknownKeyID)) { try verifier.verify([otherKeyHeader, parts[1], parts[2]].joined(separator: ".")) }
        let spacedHeader = Base64URL.encode(Data(#"{"alg":"ES256", "kid":"\#(signer.keyID)","typ":"JWT"}"#.utf8))
        #expect(throws: AccessTokenError(code: .malformed)) { try verifier.verify([spacedHeader, parts[1], parts[2]].joined(separator: ".")) }
        let noneHeader = Base64URL.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
        #expect(throws: AccessTokenError(code: .malformed)) { try verifier.verify([noneHeader, parts[1], ""].joined(separator: ".")) }
        #expect(throws: AccessTokenError(code: .unsupportedAlgorithm)) { try verifier.verify([noneHeader, parts[1], parts[2]].joined(separator: ".")) }
        let hsHeader = Base64URL.encode(Data(#"{"alg":"HS256","kid":"\#(signer.keyID)","typ":"JWT"}"#.utf8))
        #expect(throws: AccessTokenError(code: .unsupportedAlgorithm)) { try verifier.verify([hsHeader, parts[1], parts[2]].joined(separator: ".")) }

        var signature = try Base64URL.decode(String(parts[2]))
        signature[10] ^= 0x01
        #expect(throws: AccessTokenError(code: .invalidSignature)) {
            try verifier.verify([parts[0], parts[1], Base64URL.encode(signature)].joined(separator: "."))
        }
        let derSignature = try P256.Signing.ECDSASignature(rawRepresentation: try Base64URL.decode(String(parts[2]))).derRepresentation
        #expect(throws: AccessTokenError(code: .malformed)) {
            try verifier.verify([parts[0], parts[1], Base64URL.encode(derSignature)].joined(separator: "."))
        }
        #expect(throws: AccessTokenError(code: .malformed)) { try verifier.verify(token + "=") }
        #expect(throws: AccessTokenError(code: .malformed)) { try verifier.verify(token + ".x") }
        #expect(throws: AccessTokenError(code: .malformed)) { try verifier.verify(parts[0] + ".." + parts[2]) }
        #expect(throws: AccessTokenError(code: .malformed)) { try verifier.verify(String(repeating: "a", count: 9000)) }
    }

    @Test("A validly signed token with an extra or duplicated claim is refused")
    func strictClaims() throws {
        let base = claims().canonicalJSON
        for payload in [
            String(base.dropLast()) + #","admin":true}"#, String(base.dropLast()) + #","sub":"account-43"}"#, base.replacingOccurrences(of: ",", with: ", "),
        ] {
            let input = Base64URL.encode(Data(AccessTokenSigner.headerJSON(keyID: signer.keyID).utf8)) + "." + Base64URL.encode(Data(payload.utf8))
            let signature = try key.signature(for: Data(input.utf8)).rawRepresentation
            #expect(throws: AccessTokenError(code: .malformed)) { try verifier().verify(input + "." + Base64URL.encode(signature)) }
        }
    }

    @Test("Expiry, future iat, issuer and audience are checked with the injected clock")
    func timeAndParties() throws {
        let token = try signer.issue(claims())
        #expect(throws: Never.self) { try verifier(at: 309).verify(token) }
        #expect(throws: AccessTokenError(code: .expired)) { try verifier(at: 310).verify(token) }
        #expect(throws: AccessTokenError(code: .expired)) { try verifier(at: 86_400).verify(token) }
        #expect(throws: Never.self) { try verifier(at: -10).verify(token) }
        #expect(throws: AccessTokenError(code: .notYetValid)) { try verifier(at: -11).verify(token) }
        #expect(throws: AccessTokenError(code: .wrongIssuer)) { try verifier(issuer: "someone-else").verify(token) }
        #expect(throws: AccessTokenError(code: .wrongAudience)) { try verifier(audience: "other-api").verify(token) }
    }

    @Test("The JWKS lists the key with matching x and y, and a verifier built from it accepts the token")
    func jwks() throws {
        let data = signer.jwks()
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let keys = try #require(object["keys"] as? [[String: String]])
        #expect(keys.count == 1)
        let jwk = try #require(keys.first)
        #expect(jwk["kty"] == "EC" && jwk["crv"] == "P-256" && jwk["alg"] == "ES256" && jwk["use"] == "sig")
        #expect(jwk["kid"] == signer.keyID)
        let x = try Base64URL.decode(try #require(jwk["x"]))
        let y = try Base64URL.decode(try #require(jwk["y"]))
        #expect(x + y == key.publicKey.rawRepresentation)
        let fromJWKS = try AccessTokenVerifier(jwks: data, issuer: "devicetrust", audience: "bank-api", now: { Self.issuedAt })
        #expect(try fromJWKS.verify(signer.issue(claims())).subject == "account-42")
        #expect(throws: AccessTokenError(code: .invalidKeySet)) {
            try AccessTokenVerifier(jwks: Data(#"{"keys":[{"kty":"RSA","kid":"a"}]}"#.utf8), issuer: "i", audience: "a")
        }
        #expect(throws: AccessTokenError(code: .invalidKeySet)) {
            try AccessTokenVerifier(jwks: Data(#"{"keys":[{"kty":"EC","crv":"P-256","kid":"a","x":"AA","y":"AA"}]}"#.utf8), issuer: "i", audience: "a")
        }
    }
}
