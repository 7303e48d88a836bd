import DeviceTrustCrypto
import Foundation
import X509Certificates

extension AppAttestVerifier {
    /// Verifies an attestation object from `DCAppAttestService.attestKey` and returns the
    /// key to store.
    ///
    /// The checks, in Apple's order, each failing with its own code:
    /// 0. `fmt` is `apple-appattest` (`fmt`);
    /// 1. `x5c` is `[credCert, intermediate]` and verifies to a trusted root at `now()` (`chain`);
    /// 2–4. SHA-256(authData ‖ clientDataHash) equals the nonce in credCert's extension
    ///    1.2.840.113635.100.8.2, parsed as DER (`nonce`);
    /// 5. SHA-256 of credCert's 65-byte public point equals `keyID` (`keyID`);
    /// 6. rpIdHash is SHA-256 of the app identifier (`rpID`);
    /// 7. the counter is 0 (`counter`);
    /// 8. the aaguid is exactly the configured environment's (`aaguid`);
    /// 9. the credential id equals `keyID` (`credentialID`), and the COSE key's x ‖ y is
    ///    credCert's key (`credentialKey`).
    ///
    /// - Parameters:
    ///   - attestationObject: the CBOR bytes the app sent.
    ///   - keyID: the key identifier `generateKey` returned, decoded from base64 (32 bytes).
    ///   - clientDataHash: exactly the bytes the app passed to `attestKey` as `clientDataHash`
    ///     (usually SHA-256 of the server's challenge; the caller applies its own rule).
    /// - Returns: the attested key, counter 0, Apple's receipt and the environment.
    public func verifyAttestation(
        _ attestationObject: Data, keyID: Data, clientDataHash: Data
    ) throws(AttestationError) -> AttestedKey {
        let keyID = [UInt8](keyID)
        let object = try AppAttestationObject([UInt8](attestationObject))

        // 0. The format.
        guard object.format == "apple-appattest" else {
            throw AttestationError(.fmt, "fmt is \"\(object.format)\", not \"apple-appattest\"")
        }

        // 1. The certificate chain.
        guard object.certificates.count == 2 else {
            throw AttestationError(.chain, "x5c holds \(object.certificates.count) certificates, not [credCert, intermediate]")
        }
        let credentialCertificate: Certificate
        do { credentialCertificate = try Certificate(der: object.certificates[0]) } catch {
            throw AttestationError(.malformed, "the credential certificate in x5c does not parse: \(error)")
        }
        let validator: AppAttestChainValidator
        switch chainValidator {
        case .success(let value): validator = value
        case .failure(let error): throw error
        }
        try validator.verify(leaf: credentialCertificate, intermediateDER: object.certificates[1], at: now())

        // 2–4. The nonce binds the authenticator data and the client data to the certificate.
        guard let nonceExtension = credentialCertificate.extension(AppAttestNonceExtension.oid) else {
            throw AttestationError(.nonce, "the credential certificate has no nonce extension \(AppAttestNonceExtension.oid)")
        }
        let certifiedNonce = try AppAttestNonceExtension.nonce(in: nonceExtension.value)
        let nonce = Array(SHA256.hash(data: object.authenticatorData + [UInt8](clientDataHash)))
        guard certifiedNonce == nonce else {
            throw AttestationError(.nonce, "SHA-256(authData ‖ clientDataHash) is not the certificate's nonce: other client data, or altered authData")
        }

        // 5. The key identifier is the hash of the certified point (not of the SPKI).
        let point = try Self.p256Point(of: credentialCertificate)
        guard Array(SHA256.hash(data: point)) == keyID else {
            throw AttestationError(.keyID, "SHA-256 of the certificate's public point is not the key id (\(keyID.count) bytes given)")
        }

        let authenticatorData = try AuthenticatorData(object.authenticatorData, kind: .attestation)
        guard let credential = authenticatorData.attestedCredential else {
            throw AttestationError(.malformed, "the authenticator data has no attested credential data")
        }

        // 6. The app.
        guard authenticatorData.rpIDHash == rpIDHash else {
            throw AttestationError(.rpID, "the rpIdHash is not SHA-256 of \(appID)")
        }
        // 7. A new key has never signed.
        guard authenticatorData.counter == 0 else {
            throw AttestationError(.counter, "the counter is \(authenticatorData.counter), not 0")
        }
        // 8. The environment, compared on all 16 bytes.
        guard credential.aaguid == [UInt8](environment.aaguid) else {
            let other = Environment.allCases.first { [UInt8]($0.aaguid) == credential.aaguid }
            throw AttestationError(.aaguid, "the aaguid names \(other.map { "\($0)" } ?? "no known environment"), not \(environment)")
        }
        // 9. The credential is the attested key.
        guard credential.credentialID == keyID else {
            throw AttestationError(.credentialID, "the credential id (\(credential.credentialID.count) bytes) is not the key id")
        }
        let coseKey = try COSEP256Key(credential.publicKey)
        guard coseKey.x963Representation == point else {
            throw AttestationError(.credentialKey, "the COSE key's x ‖ y is not the certificate's public key")
        }

        return AttestedKey(
            publicKey: Data(point), counter: authenticatorData.counter,
            receipt: Data(object.receipt), environment: environment
        )
    }

    /// The certificate's uncompressed P-256 point, or `keyType`.
    private static func p256Point(of certificate: Certificate) throws(AttestationError) -> [UInt8] {
        guard certificate.publicKeyAlgorithm == Certificate.ecPublicKeyOID,
            certificate.publicKeyParameters == Certificate.p256CurveOID,
            certificate.publicKey.count == 65, certificate.publicKey.first == 0x04
        else {
            throw AttestationError(.keyType, "the credential certificate's key is not an uncompressed P-256 point")
        }
        return certificate.publicKey
    }
}
