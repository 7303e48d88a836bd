import Foundation
import X509Certificates

/// Verifies an Android key attestation: that a key was generated inside a device's secure
/// hardware (TEE or StrongBox), by the expected app, on a device that booted verified
/// software, for this enrolment's challenge.
///
/// The steps, each failing with its own ``AttestationError`` code:
/// 1. The chain (leaf first) leads to a trusted root key: each link's issuer name and
///    signature, the validity of the certificates between leaf and root at `now`, the
///    attestation extension on the leaf only, no revoked or suspended serial (`.chain`,
///    `.extension`, `.revoked`).
/// 2. The leaf's KeyDescription parses (`.malformed`).
/// 3. Its attestationChallenge equals `challenge` exactly (`.challenge`).
/// 4. The key was generated in the hardware (`.keyPurpose`); attestation and key security
///    levels are equal and not Software (`.securityLevel`); a rootOfTrust is present
///    (`.bootState`).
/// 5. The ``AndroidKeyPolicy``: minimum security level, an EC P-256 signing key (`.keyType`,
///    `.keyPurpose`), verified boot and locked bootloader (`.bootState`), package names and
///    signing certificate digests (`.package`), per-use biometry (`.userAuth`).
///
/// The clock is injected: remotely provisioned chains live for days to weeks, so tests
/// (and audits of stored chains) verify at the time of enrolment.
public struct AndroidKeyAttestationVerifier: Sendable {
    private let anchors: AndroidTrustAnchors
    private let policy: AndroidKeyPolicy
    private let revokedSerials: Set<String>
    private let now: @Sendable () -> Date

    /// A verifier.
    ///
    /// - Parameters:
    ///   - trustedRoots: root certificates (DER) whose public keys are trusted; `nil` for
    ///     Google's hardware attestation roots, built in. The AOSP software attestation
    ///     roots are never trusted: listing one makes every verification fail.
    ///   - policy: what to require of the key beyond a genuine attestation.
    ///   - revokedSerials: serial numbers from Google's status list (lowercase hex, no
    ///     leading zeros; see ``AndroidRevocationList``).
    ///   - now: the verification time.
    public init(
        trustedRoots: [Data]? = nil,
        policy: AndroidKeyPolicy = AndroidKeyPolicy(),
        revokedSerials: Set<String> = [],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.anchors = AndroidTrustAnchors(rootCertificates: trustedRoots ?? GoogleAttestationRoots.certificates)
        self.policy = policy
        self.revokedSerials = Set(revokedSerials.compactMap(AndroidRevocationList.normalizedSerial))
        self.now = now
    }

    /// Verifies `chain` (DER certificates, leaf first, as the device sent them, root
    /// included) for `challenge`, and returns the attested key.
    ///
    /// - Throws: ``AttestationError`` with the code of the first check that failed.
    public func verify(chain: [Data], challenge: Data) throws(AttestationError) -> AndroidAttestedKey {
        let path = try AndroidAttestationChain(chain)
        try path.verify(anchors: anchors, at: now(), revokedSerials: revokedSerials)
        let leaf = path.leaf
        guard let extensionValue = leaf.extension(AndroidAttestationChain.keyDescriptionOID)?.value else {
            throw AttestationError(.extension, "the leaf has no key attestation extension")
        }
        let description: KeyDescription
        do { description = try KeyDescription(extensionValue: extensionValue) } catch {
            throw AttestationError(.malformed, "the leaf's KeyDescription does not parse: \(error)")
        }
        let attestation = AndroidKeyAttestationChecks(description: description, leaf: leaf)
        let rootOfTrust = try attestation.checkGenuineHardwareKey(challenge: challenge)
        try attestation.check(policy)
        let application = description.attestationApplicationId
        return AndroidAttestedKey(
            publicKey: Data(leaf.subjectPublicKeyInfo),
            attestationVersion: description.attestationVersion,
            securityLevel: description.keyMintSecurityLevel,
            packageNames: application?.packageNames ?? [],
            signingCertificateDigests: application?.signatureDigests ?? [],
            rootOfTrust: rootOfTrust,
            keyDescription: description
        )
    }
}
