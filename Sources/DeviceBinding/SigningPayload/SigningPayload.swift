import DeviceTrustCrypto
import Foundation

/// The exact text a device key signs to answer an enrollment or a challenge.
///
/// The server issues it (base64url in `signingPayload`), the device signs its ``rendered``
/// bytes, and the server verifies the signature over the same bytes. The text is ten lines,
/// each ending in `\n`, with no other whitespace:
///
/// ```
/// devicetrust-v1
/// kind: challenge
/// id: 3f1c…
/// nonce: <base64url of 32 random bytes>
/// account: acct-42
/// device: dev-7
/// key: biometric
/// purpose: action
/// action-sha256: <lowercase hex SHA-256 of the RFC 8785 canonical action, or empty>
/// expires: 2026-01-31T23:59:59Z
/// ```
///
/// For an enrollment, `device` and `key` are empty and `purpose` is `enroll`.
/// A value of this type is always valid: every initialiser checks what ``init(parsing:)``
/// checks, so `try SigningPayload(parsing: payload.rendered) == payload` for every payload.
public struct SigningPayload: Hashable, Sendable {
    /// Whether the payload answers an enrollment or a challenge.
    public enum Kind: String, Sendable, CaseIterable {
        /// Completing an enrollment, signed by each new key as its proof of possession.
        case enrollment
        /// Answering a challenge with one enrolled key.
        case challenge
    }

    /// What the signature will authorise.
    public enum Subject: Hashable, Sendable {
        /// Enrolling a new device for ``SigningPayload/account``.
        case enrollment
        /// Using the `key` of `device` for `purpose`.
        case challenge(device: String, key: KeyKind, purpose: Purpose)
    }

    /// The number of random bytes in ``nonce``.
    public static let nonceByteCount = 32
    /// The largest payload, in bytes, that ``init(parsing:)`` accepts: 4 KiB.
    public static let maximumByteCount = 4 * 1024
    /// The longest `id`, `account` or `device` value, in UTF-8 bytes.
    public static let maximumIdentifierByteCount = 256
    /// The `purpose` line of an enrollment.
    public static let enrollmentPurpose = "enroll"

    /// Enrollment, or the device, key and purpose of a challenge.
    public let subject: Subject
    /// The enrollment or challenge identifier.
    public let id: String
    /// The 32 random bytes that make the payload unique.
    public let nonce: Data
    /// The account the enrollment or the device belongs to.
    public let account: String
    /// The lowercase hex SHA-256 of the canonical JSON action this payload approves, if any.
    public let actionSHA256: String?
    /// When the server stops accepting a response.
    public let expires: RFC3339Timestamp

    /// A payload from its fields.
    /// - Throws: ``SigningPayloadError`` with ``SigningPayloadError/Code/invalidValue`` for a
    ///   malformed field (an identifier that is empty, longer than
    ///   ``maximumIdentifierByteCount`` bytes, holds a line break or other control or format
    ///   character, or begins or ends with whitespace; a nonce that is not 32 bytes; an action
    ///   hash that is not 64 lowercase hex digits) and
    ///   ``SigningPayloadError/Code/inconsistentFields`` when an enrollment carries an action
    ///   hash or an `action` challenge lacks one.
    public init(
        subject: Subject, id: String, nonce: Data, account: String, actionSHA256: String?,
        expires: RFC3339Timestamp
    ) throws(SigningPayloadError) {
        try Self.checkIdentifier(id, field: "id", line: nil)
        try Self.checkIdentifier(account, field: "account", line: nil)
        if case .challenge(let device, _, _) = subject {
            try Self.checkIdentifier(device, field: "device", line: nil)
        }
        guard nonce.count == Self.nonceByteCount else {
            throw SigningPayloadError(.invalidValue, field: "nonce", "the nonce must be exactly \(Self.nonceByteCount) bytes")
        }
        if let actionSHA256 { try Self.checkActionHash(actionSHA256, line: nil) }
        try Self.checkConsistency(subject: subject, hasAction: actionSHA256 != nil, line: nil)
        self.subject = subject
        self.id = id
        self.nonce = Data(nonce)
        self.account = account
        self.actionSHA256 = actionSHA256
        self.expires = expires
    }

    /// The payload of an enrollment.
    /// - Throws: ``SigningPayloadError`` as ``init(subject:id:nonce:account:actionSHA256:expires:)``.
    public static func enrollment(
        id: String, nonce: Data, account: String, expires: RFC3339Timestamp
    ) throws(SigningPayloadError) -> SigningPayload {
        try SigningPayload(subject: .enrollment, id: id, nonce: nonce, account: account, actionSHA256: nil, expires: expires)
    }

    /// The payload of a challenge; `action`, if given, is hashed in canonical form.
    /// - Throws: ``SigningPayloadError`` as ``init(subject:id:nonce:account:actionSHA256:expires:)``,
    ///   and ``SigningPayloadError/Code/invalidValue`` when `action` holds NaN or an infinity.
    public static func challenge(
        id: String, nonce: Data, account: String, device: String, key: KeyKind, purpose: Purpose,
        action: JSONValue?, expires: RFC3339Timestamp
    ) throws(SigningPayloadError) -> SigningPayload {
        var hash: String?
        if let action {
            do {
                hash = try action.canonicalSHA256Hex()
            } catch {
                throw SigningPayloadError(.invalidValue, field: "action-sha256", "the action has no canonical JSON form: \(error.code)")
            }
        }
        return try SigningPayload(
            subject: .challenge(device: device, key: key, purpose: purpose),
            id: id, nonce: nonce, account: account, actionSHA256: hash, expires: expires
        )
    }

    /// `enrollment` or `challenge`.
    public var kind: Kind {
        if case .enrollment = subject { return .enrollment }
        return .challenge
    }

    /// The device of a challenge; `nil` for an enrollment.
    public var device: String? {
        if case .challenge(let device, _, _) = subject { return device }
        return nil
    }

    /// The key kind of a challenge; `nil` for an enrollment.
    public var key: KeyKind? {
        if case .challenge(_, let key, _) = subject { return key }
        return nil
    }

    /// The purpose of a challenge; `nil` for an enrollment (whose `purpose` line is `enroll`).
    public var purpose: Purpose? {
        if case .challenge(_, _, let purpose) = subject { return purpose }
        return nil
    }

    /// Whether this payload approves exactly `action`: both absent, or the payload's
    /// `action-sha256` equals the SHA-256 of the action's RFC 8785 canonical JSON.
    ///
    /// The client calls this with the action it shows the user and refuses to sign when it
    /// returns `false`, so a server (or anyone between) cannot get a different action signed.
    public func confirms(action: JSONValue?) -> Bool {
        switch (actionSHA256, action) {
        case (nil, nil): return true
        case (let expected?, let action?):
            guard let actual = try? action.canonicalSHA256Hex() else { return false }
            return actual == expected
        default: return false
        }
    }

    /// Whether `signature` is a valid ECDSA P-256 / SHA-256 signature by `publicKey` over
    /// the ``rendered`` bytes.
    public func isValidSignature(_ signature: P256.Signing.ECDSASignature, by publicKey: P256.Signing.PublicKey) -> Bool {
        publicKey.isValidSignature(signature, for: rendered)
    }
}
