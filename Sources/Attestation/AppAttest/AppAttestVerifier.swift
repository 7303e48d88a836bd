import DeviceTrustCrypto
import Foundation
import X509Certificates

/// Verifies Apple App Attest attestations (once per key) and assertions (per request),
/// following every step of Apple's server procedure, with an injectable clock.
///
/// ```swift
/// let verifier = AppAttestVerifier(appID: "TEAMID.com.example.app", environment: .production)
/// let key = try verifier.verifyAttestation(attestationObject, keyID: keyID, clientDataHash: hash)
/// // store key.publicKey and key.counter under keyID …
/// let counter = try verifier.verifyAssertion(assertion, clientData: body, publicKey: key.publicKey,
///                                            previousCounter: storedCounter)
/// ```
///
/// Every failure is an ``AttestationError`` whose `code` names the check that failed
/// (`fmt`, `chain`, `nonce`, `keyID`, `rpID`, `counter`, `aaguid`, `credentialID`,
/// `credentialKey`, `signature`, `keyType`, `malformed`) and whose reason says what
/// differed. A verifier is cheap to copy and safe to share between threads; copies share
/// the trusted roots, the record of intermediates already verified against them and the
/// stored keys already imported. Make one per app and keep it: creating one parses and
/// loads the roots.
public struct AppAttestVerifier: Sendable {
    /// The app identifier, `TEAMID.bundle.id`.
    public let appID: String
    /// The environment attestations must come from.
    public let environment: Environment
    /// SHA-256 of ``appID``: the rpIdHash every authenticator data must carry.
    let rpIDHash: [UInt8]
    let now: @Sendable () -> Date
    /// The chain validator, or why the configured roots cannot be used (every attestation
    /// then fails with `chain`: the initialiser cannot throw, so it fails closed later).
    let chainValidator: Result<AppAttestChainValidator, AttestationError>
    /// Stored keys already imported, for assertions.
    let keyCache = AppAttestKeyCache()

    /// A verifier for the app `appID` (`"TEAMID.bundle.id"`) in `environment`.
    ///
    /// - Parameters:
    ///   - appID: the team identifier and bundle identifier joined by a dot.
    ///   - environment: the environment whose aaguid attestations must carry.
    ///   - trustedRoots: DER certificates to trust instead of the built-in Apple App
    ///     Attestation Root CA (tests, private PKI). Roots that do not parse, or an empty
    ///     list, make every attestation fail with `chain`.
    ///   - now: the clock for certificate validity; inject one in tests.
    public init(
        appID: String,
        environment: Environment,
        trustedRoots: [Data]? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.appID = appID
        self.environment = environment
        self.rpIDHash = Array(SHA256.hash(data: Array(appID.utf8)))
        self.now = now
        let roots: [[UInt8]]
        if let trustedRoots {
            roots = trustedRoots.map { [UInt8]($0) }
        } else {
            roots = (try? Certificate.certificates(fromPEM: AppleAppAttestationRootCA.pem).map(\.der)) ?? []
        }
        do {
            chainValidator = .success(try AppAttestChainValidator(trustedRoots: roots))
        } catch {
            chainValidator = .failure(error)
        }
    }
}
