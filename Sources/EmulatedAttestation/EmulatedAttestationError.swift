import CodedErrors

/// Why an emulated attestation service refused a call, as the real one would.
public typealias EmulatedAttestationError = CodedError<EmulatedAttestationFailures>

/// The domain of ``EmulatedAttestationError``.
public enum EmulatedAttestationFailures: ErrorDomain {
    /// `EmulatedAttestationError`, as shown in descriptions.
    public static let name = "EmulatedAttestationError"
}

extension ErrorCode where Domain == EmulatedAttestationFailures {
    /// No key with this identifier (DCError.invalidKey).
    public static var invalidKey: Self { Self("invalidKey") }
    /// The key was already attested (App Attest attests each key once).
    public static var alreadyAttested: Self { Self("alreadyAttested") }
    /// The key was not attested yet, so it cannot make assertions.
    public static var notAttested: Self { Self("notAttested") }
    /// The input is not of the required form (a client data hash that is not 32 bytes).
    public static var invalidInput: Self { Self("invalidInput") }
    /// Building a certificate failed.
    public static var certificate: Self { Self("certificate") }
    /// App Attest is not available on this emulated device (DCError.featureUnsupported).
    public static var featureUnsupported: Self { Self("featureUnsupported") }
    /// Apple's service is unavailable or rate-limiting (DCError.serverUnavailable), as
    /// ``EmulatedAppAttestService/failNextAttestations(_:)`` arranges.
    public static var serverUnavailable: Self { Self("serverUnavailable") }
}
