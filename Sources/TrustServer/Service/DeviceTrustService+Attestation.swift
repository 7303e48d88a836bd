import Attestation
import DeviceBinding
import DeviceTrustCrypto
import Foundation
import TrustStore

extension DeviceTrustService {
    /// Verifies the hardware attestations of `completion` as the configuration demands, and
    /// returns what to store, by key kind.
    ///
    /// An iOS attestation must cover the enrolled keys (``AppAttestEnrollmentBinding``); an
    /// Android key's attestation challenge is SHA-256 of the enrollment payload.
    ///
    /// - Parameter keys: the enrolled keys (X9.63), already proven.
    /// - Throws: `Problem` `attestation_invalid` when the platform is not accepted
    ///   (``AttestationConfiguration/platforms``), a required attestation is missing or any
    ///   attestation fails; the precise ``AttestationError`` code is only logged.
    func verifiedAttestations(
        _ completion: EnrollmentCompletion, enrollment: Enrollment, keys: [TrustStore.KeyKind: Data]
    ) throws -> [TrustStore.KeyKind: KeyAttestation] {
        guard attestation.platforms.contains(completion.platform) else {
            let accepted = attestation.platforms.map(\.rawValue).sorted().joined(separator: ", ")
            throw refuse(
                "attestation", Problem(code: .attestationInvalid, detail: "this server enrolls only devices of these platforms: \(accepted)"),
                reason: "platform \(completion.platform.rawValue) not accepted")
        }
        switch completion.platform {
        case .ios:
            guard attestation.appAttestMode != .off, !attestation.appAttest.isEmpty else { return [:] }
            guard let registration = completion.appAttest else {
                if attestation.appAttestMode == .required { throw attestationRefusal("appAttest", reason: "missing in required mode") }
                return [:]
            }
            let clientDataHash = try AppAttestEnrollmentBinding.clientDataHash(
                signingPayload: enrollment.signingPayload, deviceKey: enrolledKey(keys[.device]),
                biometricKey: keys[.biometric].map { x963 in try enrolledKey(x963) })
            return [.device: try verifiedAppAttest(registration, verifiers: attestation.appAttest, clientDataHash: clientDataHash)]
        case .android:
            let challenge = Data(SHA256.hash(data: enrollment.signingPayload))
            guard attestation.androidMode != .off,
                let deviceVerifier = attestation.androidDeviceKey, let biometricVerifier = attestation.androidBiometricKey
            else { return [:] }
            var attested: [TrustStore.KeyKind: KeyAttestation] = [:]
            let registrations: [(TrustStore.KeyKind, KeyRegistration?, AndroidKeyAttestationVerifier)] = [
                (.device, completion.deviceKey, deviceVerifier), (.biometric, completion.biometricKey, biometricVerifier),
            ]
            for (kind, registration, verifier) in registrations {
                guard let registration, let enrolledKey = keys[kind] else { continue }
                guard let chain = registration.attestationChain else {
                    if attestation.androidMode == .required {
                        throw attestationRefusal("\(kind.rawValue)Key", reason: "no attestationChain in required mode")
                    }
                    continue
                }
                attested[kind] = try verifiedAndroidKey(
                    chain, kind: kind, enrolledKey: enrolledKey, verifier: verifier, challenge: challenge)
            }
            return attested
        }
    }

    /// An enrolled key, already proven, as a public key.
    private func enrolledKey(_ x963: Data?) throws -> P256.Signing.PublicKey {
        guard let x963 else { throw ServiceFailure(.internal, "an iOS enrollment without a device key reached attestation") }
        return try publicKeys.key(x963: x963)
    }

    private func verifiedAppAttest(
        _ registration: AppAttestRegistration, verifiers: [AppAttestVerifier], clientDataHash: Data
    ) throws -> KeyAttestation {
        guard let keyID = Data(base64Encoded: registration.keyId) else {
            throw attestationRefusal("appAttest", reason: "keyId is not standard base64")
        }
        let object: Data
        do { object = try Base64URL.decode(registration.attestation) } catch {
            throw attestationRefusal("appAttest", reason: "attestation is not base64url")
        }
        var failures: [String] = []
        for verifier in verifiers {
            let key: AttestedKey
            do {
                key = try metrics.measuring(.appAttestAttestation) { () throws(AttestationError) in
                    try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: clientDataHash)
                }
            } catch {
                failures.append("\(error.code)")
                continue
            }
            let receipt = try checkedReceipt(of: key, appID: verifier.appID)
            return KeyAttestation(
                kind: .device, platform: Platform.ios.rawValue, format: "apple-appattest",
                environment: key.environment.rawValue, appAttestKeyId: keyID, appAttestPublicKey: key.publicKey,
                signCount: key.counter, receipt: key.receipt, appAttestAppId: verifier.appID, receiptExpiresAt: receipt.expirationTime,
                receiptRefreshAt: AppAttestReceiptSchedule.firstRefresh(of: receipt))
        }
        throw attestationRefusal("appAttest", reason: "verification failed: \(failures.joined(separator: ", "))")
    }

    /// Apple's receipt of an attestation that verified: signed under Apple Root CA - G3 (or
    /// the configured roots), not expired, for this key and this app.
    private func checkedReceipt(of key: AttestedKey, appID: String) throws -> AppAttestReceipt {
        do throws(AttestationError) {
            let receipt = try AppAttestReceipt(der: key.receipt)
            try receipt.verify(trustedRoots: attestation.appAttestReceiptRoots, now: clock.now())
            try receipt.verifyIssued(to: key, appID: appID)
            return receipt
        } catch {
            throw attestationRefusal("appAttest", reason: "the receipt does not verify: \(error.code)")
        }
    }

    private func verifiedAndroidKey(
        _ encodedChain: [String], kind: TrustStore.KeyKind, enrolledKey: Data,
        verifier: AndroidKeyAttestationVerifier, challenge: Data
    ) throws -> KeyAttestation {
        let field = "\(kind.rawValue)Key.attestationChain"
        var chain: [Data] = []
        for certificate in encodedChain {
            do { chain.append(try Base64URL.decode(certificate)) } catch {
                throw attestationRefusal(field, reason: "a certificate is not base64url")
            }
        }
        let attested: AndroidAttestedKey
        do {
            attested = try metrics.measuring(.androidKeyAttestation) { () throws(AttestationError) in try verifier.verify(chain: chain, challenge: challenge) }
        } catch {
            throw attestationRefusal(field, reason: "verification failed: \(error.code)")
        }
        let leafKey: Data
        do { leafKey = try PublicKeyEncoding.decode(bytes: attested.publicKey).x963Representation } catch {
            throw attestationRefusal(field, reason: "the attested key is not a P-256 key")
        }
        guard leafKey == enrolledKey else {
            throw attestationRefusal(field, reason: "the attested key is not the enrolled key")
        }
        return KeyAttestation(
            kind: kind, platform: Platform.android.rawValue, format: "android-key",
            securityLevel: attested.securityLevel.description)
    }

    /// The client sees one generic code; the log gets the field and the precise reason
    /// (never a certificate, a key or a body).
    func attestationRefusal(_ field: String, reason: String) -> Problem {
        refuse(
            "attestation", Problem(code: .attestationInvalid, detail: "the \(field) attestation is missing or does not verify"),
            reason: "\(field): \(reason)")
    }
}
