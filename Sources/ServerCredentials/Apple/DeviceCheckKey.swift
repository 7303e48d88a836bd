import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// The key Apple issues for DeviceCheck and App Attest server calls (a `.p8` file, an EC
/// P-256 key in PKCS#8 PEM), with the team and key identifiers that go with it, and the
/// ES256 JWT Apple's `attestationData` endpoint takes in its `Authorization` header:
/// header `{"alg":"ES256","kid":"<key id>"}`, claims `{"iat":<now>,"iss":"<team id>"}`.
public struct DeviceCheckKey: Sendable {
    /// The 10-character team identifier (`iss`).
    public let teamID: String
    /// The 10-character key identifier Apple shows for the key (`kid`).
    public let keyID: String
    private let key: P256.Signing.PrivateKey

    /// The key from the contents of its `.p8` file.
    /// - Throws: ``CredentialFileError`` when the text is not a P-256 private key in PEM,
    ///   or the identifiers are not 10 letters and digits; the reason never holds the key.
    public init(teamID: String, keyID: String, p8 text: String) throws(CredentialFileError) {
        for (name, value) in [("team id", teamID), ("key id", keyID)]
        where value.count != 10 || !value.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) {
            throw CredentialFileError(.invalidContents, "the Apple \(name) must be 10 capital letters and digits, as Apple's developer account shows it")
        }
        do { key = try P256.Signing.PrivateKey(pemRepresentation: text) } catch {
            throw CredentialFileError(.invalidContents, "the DeviceCheck key is not an EC P-256 private key in PEM (a .p8 file from Apple's developer account)")
        }
        self.teamID = teamID
        self.keyID = keyID
    }

    /// A JWT for Apple's DeviceCheck and App Attest endpoints, issued at `now`.
    public func authorization(now: Date) throws(AccessTokenError) -> String {
        var header = JSONObjectWriter()
        header.add("alg", "ES256")
        header.add("kid", keyID)
        var claims = JSONObjectWriter()
        claims.add("iat", Int64(now.timeIntervalSince1970.rounded(.down)))
        claims.add("iss", teamID)
        return try CompactJWS.es256(encodedHeader: Base64URL.encode(Data(header.json.utf8)), payload: claims.json, key: key)
    }

    /// The public half, to check the JWT in tests.
    public var publicKey: P256.Signing.PublicKey { key.publicKey }
}
