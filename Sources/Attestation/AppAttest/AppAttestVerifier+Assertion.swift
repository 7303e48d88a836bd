import DeviceTrustCrypto
import Foundation

extension AppAttestVerifier {
    /// Verifies an assertion from `DCAppAttestService.generateAssertion` and returns its
    /// counter, to store in place of `previousCounter` (in the same transaction that
    /// consumes the request's challenge).
    ///
    /// The checks, each failing with its own code:
    /// 1. the assertion is the CBOR map `{signature, authenticatorData}` (`malformed`);
    /// 2. the signature is ECDSA P-256 with SHA-256 by `publicKey` over the message
    ///    nonce = SHA-256(authenticatorData ‖ SHA-256(clientData)) (`signature`);
    /// 3. rpIdHash is SHA-256 of the app identifier (`rpID`);
    /// 4. the counter is strictly greater than `previousCounter` (`counter`).
    ///
    /// - Parameters:
    ///   - assertion: the CBOR bytes the app sent.
    ///   - clientData: the exact bytes the app hashed as client data (the server rebuilds
    ///     them from the request it received).
    ///   - publicKey: the attested key, X9.63 (``AttestedKey/publicKey``).
    ///   - previousCounter: the counter stored for the key (0 after attestation).
    /// - Returns: the assertion's counter.
    public func verifyAssertion(
        _ assertion: Data, clientData: Data, publicKey: Data, previousCounter: UInt32
    ) throws(AttestationError) -> UInt32 {
        let object = try AppAttestAssertionObject([UInt8](assertion))
        let authenticatorData = try AuthenticatorData(object.authenticatorData, kind: .assertion)

        let key = try keyCache.publicKey(x963: publicKey)
        let signature: P256.Signing.ECDSASignature
        do { signature = try P256.Signing.ECDSASignature(derRepresentation: object.signature) } catch {
            throw AttestationError(.signature, "the signature is not a DER ECDSA signature")
        }
        let clientDataHash = SHA256.hash(data: clientData)
        var nonceInput = object.authenticatorData
        nonceInput.append(contentsOf: clientDataHash)
        let nonce = Array(SHA256.hash(data: nonceInput))
        // Apple signs the nonce as the message: the signature hash is SHA-256 of the nonce.
        guard key.isValidSignature(signature, for: nonce) else {
            throw AttestationError(.signature, "the signature does not verify with the stored key over this client data")
        }

        guard authenticatorData.rpIDHash == rpIDHash else {
            throw AttestationError(.rpID, "the rpIdHash is not SHA-256 of \(appID)")
        }
        guard authenticatorData.counter > previousCounter else {
            throw AttestationError(.counter, "the counter \(authenticatorData.counter) does not exceed the stored \(previousCounter): a replay or a cloned key")
        }
        return authenticatorData.counter
    }
}
