import DeviceTrustCrypto
import Foundation
import X509Certificates

/// The checks on a parsed KeyDescription: first those every genuine hardware attestation
/// passes (README rules 9 to 12), then an ``AndroidKeyPolicy``. Each throws the
/// ``AttestationError`` code of its check and says what differed.
struct AndroidKeyAttestationChecks {
    let description: KeyDescription
    let leaf: Certificate

    private var hardware: AuthorizationList { description.hardwareEnforced }

    /// Rules 9 to 12: the challenge, a key generated in the hardware, matching non-software
    /// security levels, and a root of trust. Returns the root of trust.
    func checkGenuineHardwareKey(challenge: Data) throws(AttestationError) -> RootOfTrust {
        guard description.attestationChallenge.count == challenge.count,
            zip(description.attestationChallenge, challenge).reduce(UInt8(0), { $0 | ($1.0 ^ $1.1) }) == 0
        else {
            throw AttestationError(
                .challenge, "the attestation challenge (\(description.attestationChallenge.count) bytes) is not the expected one (\(challenge.count) bytes)")
        }
        guard hardware.origin == AuthorizationList.originGenerated else {
            throw AttestationError(
                .keyPurpose, "the key was not generated in the secure hardware (hardware-enforced origin \(hardware.origin.map(String.init) ?? "absent"))")
        }
        let attestationLevel = description.attestationSecurityLevel, keyLevel = description.keyMintSecurityLevel
        guard attestationLevel == keyLevel, keyLevel != .software else {
            throw AttestationError(
                .securityLevel, "attestation security level \(attestationLevel), key security level \(keyLevel): both must be the same hardware level")
        }
        guard let rootOfTrust = hardware.rootOfTrust else {
            throw AttestationError(.bootState, "the hardware-enforced list has no rootOfTrust")
        }
        return rootOfTrust
    }

    /// The policy's requirements, in the order: security level, key type and purpose,
    /// verified boot, app identity, per-use biometry.
    func check(_ policy: AndroidKeyPolicy) throws(AttestationError) {
        guard description.keyMintSecurityLevel >= policy.minimumSecurityLevel,
            description.attestationSecurityLevel >= policy.minimumSecurityLevel
        else {
            throw AttestationError(.securityLevel, "security level \(description.keyMintSecurityLevel) is below the required \(policy.minimumSecurityLevel)")
        }
        try checkP256SigningKey()
        if policy.requireVerifiedBoot {
            try checkVerifiedBoot()
        }
        try checkApplication(policy)
        if policy.requirePerUseBiometry {
            try checkPerUseBiometry()
        }
    }

    /// The leaf's key is EC P-256 and the hardware says so too, and it may sign.
    private func checkP256SigningKey() throws(AttestationError) {
        guard leaf.publicKeyAlgorithm == Certificate.ecPublicKeyOID, leaf.publicKeyParameters == Certificate.p256CurveOID else {
            throw AttestationError(.keyType, "the attested key is \(leaf.publicKeyAlgorithm) \(leaf.publicKeyParameters ?? ""), not EC P-256")
        }
        guard (try? CertificatePublicKey(of: leaf)) != nil else {
            throw AttestationError(.keyType, "the attested EC key is not a valid P-256 point")
        }
        guard hardware.algorithm == AuthorizationList.algorithmEC else {
            throw AttestationError(.keyType, "the hardware-enforced algorithm is \(hardware.algorithm.map(String.init) ?? "absent"), not EC (3)")
        }
        if let curve = hardware.ecCurve, curve != AuthorizationList.curveP256 {
            throw AttestationError(.keyType, "the hardware-enforced ecCurve is \(curve), not P-256 (1)")
        }
        if let size = hardware.keySize, size != 256 {
            throw AttestationError(.keyType, "the hardware-enforced keySize is \(size), not 256")
        }
        guard hardware.purposes?.contains(AuthorizationList.purposeSign) == true else {
            throw AttestationError(.keyPurpose, "the hardware-enforced purposes \(hardware.purposes ?? []) do not include SIGN (2)")
        }
    }

    private func checkVerifiedBoot() throws(AttestationError) {
        guard let rootOfTrust = hardware.rootOfTrust else {
            throw AttestationError(.bootState, "the hardware-enforced list has no rootOfTrust")
        }
        guard rootOfTrust.verifiedBootState == .verified else {
            throw AttestationError(.bootState, "verified boot state is \(rootOfTrust.verifiedBootState), not Verified")
        }
        guard rootOfTrust.deviceLocked else {
            throw AttestationError(.bootState, "the bootloader is unlocked")
        }
    }

    private func checkApplication(_ policy: AndroidKeyPolicy) throws(AttestationError) {
        guard !policy.packageNames.isEmpty || !policy.signingCertificateDigests.isEmpty else { return }
        guard let application = description.attestationApplicationId else {
            throw AttestationError(.package, "the attestation names no application (attestationApplicationId is absent)")
        }
        if !policy.packageNames.isEmpty, !application.packageNames.contains(where: policy.packageNames.contains) {
            throw AttestationError(.package, "the key belongs to \(application.packageNames), not an allowed package")
        }
        if !policy.signingCertificateDigests.isEmpty,
            !application.signatureDigests.contains(where: policy.signingCertificateDigests.contains)
        {
            throw AttestationError(.package, "none of the app's \(application.signatureDigests.count) signing certificate digests is allowed")
        }
    }

    /// A fresh biometric check per use: biometric in the hardware-enforced userAuthType, no
    /// authTimeout (which would let one check unlock the key for a while), and not
    /// noAuthRequired, in either list.
    private func checkPerUseBiometry() throws(AttestationError) {
        let software = description.softwareEnforced
        guard let type = hardware.userAuthType, type & AuthorizationList.userAuthBiometric != 0 else {
            throw AttestationError(
                .userAuth, "the hardware-enforced userAuthType \(hardware.userAuthType.map(String.init) ?? "absent") does not include biometric (2)")
        }
        guard hardware.authTimeout == nil, software.authTimeout == nil else {
            throw AttestationError(.userAuth, "the key stays unlocked for \(hardware.authTimeout ?? software.authTimeout ?? 0) s after authentication")
        }
        guard !hardware.noAuthRequired, !software.noAuthRequired else {
            throw AttestationError(.userAuth, "the key is usable without authentication (noAuthRequired)")
        }
    }
}
