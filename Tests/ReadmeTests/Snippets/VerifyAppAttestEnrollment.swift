import Attestation
import Foundation

/// What an enrollment route calls with the bytes the iPhone sent: the attestation, then
/// Apple's receipt for that same key. Throws `AttestationError`, whose `code` names the
/// check that failed: log it, answer 403, and store the key when this returns.
func verifyAppAttestEnrollment(
    attestation: Data, keyID: Data, clientDataHash: Data, verifier: AppAttestVerifier, now: Date = Date()
) throws -> AttestedKey {
    let key = try verifier.verifyAttestation(attestation, keyID: keyID, clientDataHash: clientDataHash)
    let receipt = try AppAttestReceipt(der: key.receipt)
    try receipt.verify(now: now)
    try receipt.verifyIssued(to: key, appID: verifier.appID)
    return key
}
