import DeviceBinding
import Foundation

/// The claims of an access token, decoded for display and checked against what the step
/// expects. Display only: verifying the ES256 signature is `AccessTokenVerifier`'s job
/// (ServerCredentials), which an integrator's backend runs with the server's JWKS.
struct TokenClaimsSummary {
    private struct Claims: Decodable {
        var sub: String
        var iat: Int
        var exp: Int
        var device_id: String
        var key: String
        var purpose: String
        var action_sha256: String?
    }

    private let claims: Claims
    private let tokenType: String

    init(_ token: TokenResponse) throws {
        let parts = token.accessToken.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw DemoExpectation("a compact JWS token") }
        claims = try JSONDecoder().decode(Claims.self, from: Base64URL.decode(String(parts[1])))
        tokenType = token.tokenType
    }

    /// Throws unless the claims are these.
    func expect(account: String, device: String, key: String, purpose: String, actionSHA256: String?) throws {
        guard claims.sub == account, claims.device_id == device, claims.key == key, claims.purpose == purpose,
            claims.action_sha256 == actionSHA256, tokenType == "Bearer", (1...300).contains(claims.exp - claims.iat)
        else {
            throw DemoExpectation("a \(purpose) token for \(key) key of \(device)")
        }
    }

    /// `sub=…, device_id=…, key=…, purpose=…[, action_sha256=<first 12 hex>…], valid 300 s`.
    var text: String {
        var fields = ["sub=\(claims.sub)", "key=\(claims.key)", "purpose=\(claims.purpose)"]
        if let hash = claims.action_sha256 { fields.append("action_sha256=\(hash.prefix(12))… matches the action") }
        fields.append("valid \(claims.exp - claims.iat) s")
        return "claims: " + fields.joined(separator: ", ")
    }
}
