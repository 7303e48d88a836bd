import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// The JSON Web Key Set (RFC 7517) that publishes token-signing public keys, and the key
/// identifiers (`kid`) used in token headers.
public enum JSONWebKeySet {
    /// The `kid` of `publicKey`: base64url (unpadded) of the **full** SHA-256 of the key's
    /// DER SubjectPublicKeyInfo, 43 characters. Not truncated, so two keys never share an
    /// identifier; note that this is not the RFC 7638 JWK thumbprint.
    public static func keyID(for publicKey: P256.Signing.PublicKey) -> String {
        Base64URL.encode(Array(SHA256.hash(data: publicKey.derRepresentation)))
    }

    /// `{"keys":[{"alg":"ES256","crv":"P-256","kid":…,"kty":"EC","use":"sig","x":…,"y":…}]}`
    /// for `publicKeys`, in order; `x` and `y` are the 32-byte coordinates in base64url.
    public static func data(for publicKeys: [P256.Signing.PublicKey]) -> Data {
        let members = publicKeys.map { key -> String in
            let raw = key.rawRepresentation
            var writer = JSONObjectWriter()
            writer.add("alg", "ES256")
            writer.add("crv", "P-256")
            writer.add("kid", keyID(for: key))
            writer.add("kty", "EC")
            writer.add("use", "sig")
            writer.add("x", Base64URL.encode(raw.prefix(32)))
            writer.add("y", Base64URL.encode(raw.suffix(32)))
            return writer.json
        }
        var set = JSONObjectWriter()
        set.add("keys", json: "[" + members.joined(separator: ",") + "]")
        return set.data
    }

    /// The keys of a JWKS by `kid`. Every key must be `kty` `EC` on `P-256` with valid
    /// 32-byte coordinates and a `kid`; `alg` and `use`, when present, must be `ES256`
    /// and `sig`.
    /// - Throws: ``AccessTokenError`` ``AccessTokenError/Code/invalidKeySet``.
    public static func publicKeys(from jwks: Data) throws(AccessTokenError) -> [String: P256.Signing.PublicKey] {
        struct Wire: Decodable {
            struct Key: Decodable { let kty: String; let crv: String?; let x: String?; let y: String?; let kid: String?; let alg: String?; let use: String? }
            let keys: [Key]
        }
        guard let wire = try? JSONDecoder().decode(Wire.self, from: jwks) else {
            throw AccessTokenError(.invalidKeySet, "the JWKS is not a JSON object with a 'keys' array of objects")
        }
        var keys: [String: P256.Signing.PublicKey] = [:]
        for (index, key) in wire.keys.enumerated() {
            guard key.kty == "EC", key.crv == "P-256", key.alg == nil || key.alg == "ES256", key.use == nil || key.use == "sig" else {
                throw AccessTokenError(.invalidKeySet, "JWKS key \(index) is not an EC P-256 ES256 signing key")
            }
            guard let kid = key.kid, !kid.isEmpty, keys[kid] == nil else {
                throw AccessTokenError(.invalidKeySet, "JWKS key \(index) has no kid, or repeats one")
            }
            guard let x = key.x.flatMap({ try? Base64URL.decode($0) }), let y = key.y.flatMap({ try? Base64URL.decode($0) }), x.count == 32, y.count == 32,
                let publicKey = try? P256.Signing.PublicKey(rawRepresentation: x + y)
            else {
                throw AccessTokenError(.invalidKeySet, "JWKS key \(index) ('\(kid)') has no valid P-256 point in x and y")
            }
            keys[kid] = publicKey
        }
        return keys
    }
}
