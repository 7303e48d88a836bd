import CodedErrors

/// Why an attestation or assertion was refused: a stable ``code`` per check, so the server
/// can log the exact reason and tests can expect it, and a reason that says what differed
/// (never key material beyond public identifiers).
///
/// Equality compares the `code` only: `#expect(throws: AttestationError(code: .nonce))`.
public typealias AttestationError = CodedError<AttestationFailures>

/// The domain of ``AttestationError``.
public enum AttestationFailures: ErrorDomain {
    /// `AttestationError`, as shown in descriptions.
    public static let name = "AttestationError"
}

extension ErrorCode where Domain == AttestationFailures {
    // Shared by both platforms.
    /// The input does not parse (CBOR, DER, an authenticator data layout, an extension).
    public static var malformed: Self { Self("malformed") }
    /// The certificate chain does not verify to a trusted root at the verification time
    /// (signature, name chaining, validity, a root that is not trusted).
    public static var chain: Self { Self("chain") }
    /// The attested key is not an EC P-256 key.
    public static var keyType: Self { Self("keyType") }

    // Apple App Attest.
    /// `fmt` is not `apple-appattest`.
    public static var fmt: Self { Self("fmt") }
    /// The nonce in the leaf certificate is not SHA-256(authData ‖ clientDataHash).
    public static var nonce: Self { Self("nonce") }
    /// SHA-256 of the leaf's public key is not the key identifier.
    public static var keyID: Self { Self("keyID") }
    /// The authenticator data's rpIdHash is not SHA-256 of the app identifier.
    public static var rpID: Self { Self("rpID") }
    /// The counter is not 0 (attestation) or does not grow (assertion).
    public static var counter: Self { Self("counter") }
    /// The aaguid does not name the configured environment.
    public static var aaguid: Self { Self("aaguid") }
    /// The credential id is not the key identifier.
    public static var credentialID: Self { Self("credentialID") }
    /// The COSE key in the authenticator data is not the certificate's key.
    public static var credentialKey: Self { Self("credentialKey") }
    /// The assertion's signature does not verify with the stored key.
    public static var signature: Self { Self("signature") }
    /// A receipt's CMS signature does not verify with its signer's key (altered content).
    public static var receiptSignature: Self { Self("receiptSignature") }
    /// A receipt's expiration time has passed: refresh it at Apple's `attestationData` endpoint.
    public static var receiptExpired: Self { Self("receiptExpired") }
    /// A receipt belongs to another key, app or environment than the one it was checked against.
    public static var receiptMismatch: Self { Self("receiptMismatch") }

    // Android Key Attestation.
    /// The attestation challenge is not the expected one.
    public static var challenge: Self { Self("challenge") }
    /// The attestation or key security level is below the policy's minimum, or they differ.
    public static var securityLevel: Self { Self("securityLevel") }
    /// Verified boot is not Verified, or the bootloader is unlocked, or there is no root of trust.
    public static var bootState: Self { Self("bootState") }
    /// The package name or signing certificate digest is not an allowed one.
    public static var package: Self { Self("package") }
    /// A certificate of the chain is revoked or suspended in the status list.
    public static var revoked: Self { Self("revoked") }
    /// The key does not require a fresh biometric check per use.
    public static var userAuth: Self { Self("userAuth") }
    /// The key is not a signing key made on the device (purpose SIGN, origin GENERATED).
    public static var keyPurpose: Self { Self("keyPurpose") }
    /// The attestation extension is missing from the leaf or present outside it.
    public static var `extension`: Self { Self("extension") }
}
