import DeviceTrustDemo
import ServerCredentials

extension EmbeddedServer {
    /// Verifies `token` as an integrator's backend would: ServerCredentials'
    /// `AccessTokenVerifier` with this server's JWKS and the default issuer and audience.
    func verifyToken(_ token: String) async throws -> AccessTokenClaims {
        try AccessTokenVerifier(jwks: try await jwks(), issuer: "devicetrust", audience: "devicetrust").verify(token)
    }
}
