import DeviceBinding
import Foundation
import ServerCredentials
import TrustStore

extension DeviceTrustService {
    /// Redeems an access token this service issued, exactly once (`POST /v1/tokens/redeem`):
    /// the way a relying backend executes an approved action once, however often the token
    /// is replayed within its lifetime, on whichever node.
    ///
    /// The token is verified first (signature with one of this service's published signing keys, issuer,
    /// audience, lifetime); a refused token consumes nothing. Its `jti` is then marked
    /// redeemed in the store, durably, until the token expires.
    ///
    /// - Returns: the verified claims.
    /// - Throws: `Problem` `token_invalid` (401) for a malformed, tampered, expired or
    ///   foreign token, `token_redeemed` (409) for one redeemed before; ``ServiceFailure``
    ///   for storage failures.
    public func redeemToken(_ token: String) throws -> AccessTokenClaims {
        let operation = "token redemption"
        let now = clock.now()
        let verifier = AccessTokenVerifier(
            publicKeys: signingKeys.publishedKeys(at: now), issuer: configuration.tokenIssuer, audience: configuration.tokenAudience, now: { now })
        let claims: AccessTokenClaims
        do { claims = try metrics.measuring(.accessToken) { () throws(AccessTokenError) in try verifier.verify(token) } } catch {
            throw refuse(
                operation, Problem(code: .tokenInvalid, detail: "the access token does not verify: malformed, altered, expired or not issued here"),
                reason: "\(error.code)")
        }
        do {
            try store.redeemToken(id: claims.tokenID, expiresAt: claims.expiresAt, now: now)
        } catch  where error.code == .alreadyConsumed {
            throw refuse(operation, Problem(code: .tokenRedeemed, detail: "the access token was already redeemed"), reason: "jti redeemed before")
        } catch {
            throw error.mapped("token")
        }
        metrics.increment(.init("devicetrust_tokens_redeemed_total"))
        log("access token redeemed for device \(claims.deviceID) (purpose \(claims.purpose))")
        return claims
    }
}
