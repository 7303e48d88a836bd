import DeviceTrustCrypto
import Foundation

/// `POST /v1/enrollments` body (admin): start enrolling a device for an account.
public struct EnrollmentRequest: Codable, Hashable, Sendable, StrictRequestBody {
    /// The integrator's account identifier.
    public var accountId: String

    /// A request for `accountId`.
    public init(accountId: String) { self.accountId = accountId }

    enum CodingKeys: String, CodingKey, CaseIterable { case accountId }

    /// `accountId`.
    public static let requestMembers = RequestMembers(CodingKeys.self)
}

/// `201` answer to ``EnrollmentRequest``: what the device must sign to complete enrollment.
public struct EnrollmentCreated: Codable, Hashable, Sendable {
    /// The enrollment identifier, used in the completion URL.
    public var enrollmentId: String
    /// Base64url of the ``SigningPayload`` bytes each new key signs as its proof.
    public var signingPayload: String
    /// When the enrollment stops being completable.
    public var expiresAt: RFC3339Timestamp

    /// An answer from its fields.
    public init(enrollmentId: String, signingPayload: String, expiresAt: RFC3339Timestamp) {
        self.enrollmentId = enrollmentId
        self.signingPayload = signingPayload
        self.expiresAt = expiresAt
    }

    /// The answer that carries `payload`, taking the identifier and expiry from it.
    public init(payload: SigningPayload) {
        self.init(enrollmentId: payload.id, signingPayload: Base64URL.encode(payload.rendered), expiresAt: payload.expires)
    }

    /// Decodes and strictly parses ``signingPayload``.
    /// - Throws: ``WireFormatError`` for bad base64url, ``SigningPayloadError`` for bad text.
    public func decodedPayload() throws -> SigningPayload {
        try SigningPayload(parsing: Base64URL.decode(signingPayload))
    }
}

/// A public key with its proof of possession: a signature over the enrollment payload.
public struct KeyRegistration: Codable, Hashable, Sendable {
    /// Base64url of the SPKI DER or the 65-byte X9.63 point; see ``PublicKeyEncoding``.
    public var publicKey: String
    /// Base64url of the strict-DER ECDSA signature over the enrollment payload bytes.
    public var proof: String
    /// Android: the key attestation certificate chain, base64url DER, leaf first, the root
    /// optional; its attestation challenge is SHA-256 of the enrollment payload bytes.
    public var attestationChain: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable { case publicKey, proof, attestationChain }

    /// `publicKey`, `proof`, `attestationChain`.
    public static let requestMembers = RequestMembers(CodingKeys.self)

    /// A registration from its encoded fields.
    public init(publicKey: String, proof: String, attestationChain: [String]? = nil) {
        self.publicKey = publicKey
        self.proof = proof
        self.attestationChain = attestationChain
    }

    /// A registration of `key` with `proof`, its signature over the enrollment payload; the
    /// key is sent as its 65-byte X9.63 point.
    public init(key: P256.Signing.PublicKey, proof: P256.Signing.ECDSASignature) {
        self.init(publicKey: PublicKeyEncoding.encode(key), proof: SignatureEncoding.encode(proof))
    }

    /// The public key, strictly decoded (see ``PublicKeyEncoding``).
    /// - Throws: ``WireFormatError`` for bad base64url or a key that is not a valid P-256 point.
    public func decodedPublicKey() throws(WireFormatError) -> P256.Signing.PublicKey {
        try PublicKeyEncoding.decode(base64url: publicKey)
    }

    /// The proof, strictly decoded (see ``SignatureEncoding``).
    /// - Throws: ``WireFormatError`` for bad base64url or a signature that is not strict DER.
    public func decodedProof() throws(WireFormatError) -> P256.Signing.ECDSASignature {
        try SignatureEncoding.strictDERSignature(base64url: proof)
    }
}

/// `POST /v1/enrollments/{enrollmentId}/complete` body (device).
public struct EnrollmentCompletion: Codable, Sendable, StrictRequestBody {
    /// The device's operating system.
    public var platform: Platform
    /// A name the user recognises, such as "Anna's iPhone".
    public var deviceName: String
    /// The key usable without biometry (paired with the PIN).
    public var deviceKey: KeyRegistration
    /// The biometry-gated key, if the device has biometry.
    public var biometricKey: KeyRegistration?
    /// The PIN that makes the device key usable.
    public var pin: PIN?
    /// iOS: the App Attest attestation of the app instance, made for this enrollment.
    public var appAttest: AppAttestRegistration?

    enum CodingKeys: String, CodingKey, CaseIterable { case platform, deviceName, deviceKey, biometricKey, pin, appAttest }

    /// The completion's members, and those of its key registrations and App Attest registration.
    public static let requestMembers = RequestMembers(
        CodingKeys.self,
        nested: [
            .deviceKey: .object(KeyRegistration.requestMembers), .biometricKey: .object(KeyRegistration.requestMembers),
            .appAttest: .object(AppAttestRegistration.requestMembers),
        ])

    /// A completion from its fields.
    public init(
        platform: Platform, deviceName: String, deviceKey: KeyRegistration, biometricKey: KeyRegistration?, pin: PIN?,
        appAttest: AppAttestRegistration? = nil
    ) {
        self.platform = platform
        self.deviceName = deviceName
        self.deviceKey = deviceKey
        self.biometricKey = biometricKey
        self.pin = pin
        self.appAttest = appAttest
    }
}

/// The `appAttest` member of an ``EnrollmentCompletion``: an App Attest key and its
/// attestation, whose clientDataHash covers the enrollment payload and the enrolled keys
/// (``AppAttestEnrollmentBinding/clientDataHash(signingPayload:deviceKey:biometricKey:)``).
public struct AppAttestRegistration: Codable, Hashable, Sendable {
    /// The key identifier exactly as `DCAppAttestService.generateKey` returned it (standard base64).
    public var keyId: String
    /// Base64url of the attestation object `attestKey` returned.
    public var attestation: String

    enum CodingKeys: String, CodingKey, CaseIterable { case keyId, attestation }

    /// `keyId`, `attestation`.
    public static let requestMembers = RequestMembers(CodingKeys.self)

    /// A registration from its encoded fields.
    public init(keyId: String, attestation: String) {
        self.keyId = keyId
        self.attestation = attestation
    }
}

/// `201` answer to ``EnrollmentCompletion``.
public struct EnrollmentCompleted: Codable, Hashable, Sendable {
    /// The new device's identifier.
    public var deviceId: String
    /// The account the device now belongs to.
    public var accountId: String
    /// The key kinds enrolled.
    public var keys: [KeyKind]

    /// An answer from its fields.
    public init(deviceId: String, accountId: String, keys: [KeyKind]) {
        self.deviceId = deviceId
        self.accountId = accountId
        self.keys = keys
    }
}
