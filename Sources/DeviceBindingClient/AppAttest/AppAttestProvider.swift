import Foundation

/// App Attest as `DCAppAttestService` offers it: the client's one dependency on DeviceCheck.
///
/// ``SystemAppAttestProvider`` is the real service on Apple platforms;
/// `EmulatedAppAttestService` (module `EmulatedAttestation`) conforms for tests on any
/// platform. A provider's errors should conform to ``AppAttestProviderFailure`` (DeviceCheck's
/// `DCError` does through ``SystemAppAttestProvider``), so the client can tell a rate limit,
/// an invalid key and an unsupported device apart; any other error is rethrown unchanged.
public protocol AppAttestProvider: Sendable {
    /// Whether this device and app can use App Attest: `false` on the simulator, in most
    /// app extensions and on devices without a Secure Enclave.
    var isSupported: Bool { get }
    /// A new App Attest key; returns its identifier (standard base64).
    func generateKey() async throws -> String
    /// The attestation object of `keyId` over `clientDataHash`; contacts Apple, so it can
    /// fail with ``AppAttestFailureKind/serverUnavailable`` and is worth retrying with the
    /// same key and hash.
    func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data
    /// An assertion by the attested key `keyId` over `clientDataHash`.
    func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data
}

/// The kinds of App Attest failure, as `DCError.Code` names them.
public enum AppAttestFailureKind: String, Sendable, Hashable, CaseIterable {
    /// App Attest is not available here (`DCError.featureUnsupported`).
    case featureUnsupported
    /// An argument is not of the required form (`DCError.invalidInput`).
    case invalidInput
    /// The key is unknown, already attested, or no longer valid, for instance after the
    /// app was restored onto another device (`DCError.invalidKey`).
    case invalidKey
    /// Apple's attestation service is busy or unreachable; retry later with the same key
    /// and hash (`DCError.serverUnavailable`).
    case serverUnavailable
    /// Anything else (`DCError.unknownSystemFailure`).
    case unknownSystemFailure
}

/// An error of an ``AppAttestProvider`` that says which ``AppAttestFailureKind`` it is.
public protocol AppAttestProviderFailure: Error {
    /// What kind of App Attest failure this is.
    var appAttestFailure: AppAttestFailureKind { get }
}
