import Attestation
import DeviceBinding
import Foundation

/// Which hardware attestations a ``DeviceTrustService`` checks, and how strictly.
///
/// Both platforms default to ``Mode/off``, so plain enrollments keep working. A mode other
/// than `off` needs the platform's verifier.
///
/// The platform is the one the enrolling client declares: a client that must not avoid
/// attestation by claiming the other platform needs `required` on both, or the other
/// platform left out of ``platforms`` (`--platforms ios` with `--app-attest required`
/// makes App Attest unavoidable).
public struct AttestationConfiguration: Sendable {
    /// How an attestation is treated at enrollment (and, for App Attest, in responses).
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Attestations are ignored.
        case off
        /// An attestation is verified when sent; its absence is accepted.
        case optional
        /// Every enrollment (and, for App Attest, every response) must carry a valid one.
        case required
    }

    /// Verify App Attest attestations from iOS devices: one per accepted app identifier;
    /// an attestation is accepted when one of them verifies it.
    public var appAttest: [AppAttestVerifier]
    /// How App Attest is treated.
    public var appAttestMode: Mode
    /// DER roots that replace Apple Root CA - G3 for the receipt of every App Attest
    /// attestation (tests, private PKI); `nil`: Apple Root CA - G3.
    public var appAttestReceiptRoots: [Data]?
    /// Refuse assertions from App Attest keys whose latest refreshed risk metric exceeds
    /// this (`--app-attest-max-risk`); `nil`: no limit.
    public var appAttestMaximumRisk: Int?
    /// Verifies the attestation chain of an Android device key.
    public var androidDeviceKey: AndroidKeyAttestationVerifier?
    /// Verifies the attestation chain of an Android biometric key (usually with a policy
    /// requiring per-use biometry).
    public var androidBiometricKey: AndroidKeyAttestationVerifier?
    /// How Android key attestation is treated.
    public var androidMode: Mode
    /// The platforms whose devices may enroll (both by default); an enrollment declaring
    /// another is refused with `attestation_invalid`.
    public var platforms: Set<Platform>

    /// No attestation checked on either platform.
    public static let off = AttestationConfiguration()

    /// A configuration from its parts.
    public init(
        appAttest: [AppAttestVerifier] = [],
        appAttestMode: Mode = .off,
        appAttestReceiptRoots: [Data]? = nil,
        androidDeviceKey: AndroidKeyAttestationVerifier? = nil,
        androidBiometricKey: AndroidKeyAttestationVerifier? = nil,
        androidMode: Mode = .off,
        platforms: Set<Platform> = Set(Platform.allCases),
        appAttestMaximumRisk: Int? = nil
    ) {
        self.appAttestMaximumRisk = appAttestMaximumRisk
        self.appAttest = appAttest
        self.appAttestMode = appAttestMode
        self.appAttestReceiptRoots = appAttestReceiptRoots
        self.androidDeviceKey = androidDeviceKey
        self.androidBiometricKey = androidBiometricKey
        self.androidMode = androidMode
        self.platforms = platforms
    }

    /// The two Android verifiers for `policy`: the device key's without per-use biometry,
    /// the biometric key's with it.
    public static func androidVerifiers(
        trustedRoots: [Data]? = nil, policy: AndroidKeyPolicy = AndroidKeyPolicy(), revokedSerials: Set<String> = [],
        now: @escaping @Sendable () -> Date = Date.init
    ) -> (deviceKey: AndroidKeyAttestationVerifier, biometricKey: AndroidKeyAttestationVerifier) {
        var devicePolicy = policy
        devicePolicy.requirePerUseBiometry = false
        var biometricPolicy = policy
        biometricPolicy.requirePerUseBiometry = true
        return (
            AndroidKeyAttestationVerifier(trustedRoots: trustedRoots, policy: devicePolicy, revokedSerials: revokedSerials, now: now),
            AndroidKeyAttestationVerifier(trustedRoots: trustedRoots, policy: biometricPolicy, revokedSerials: revokedSerials, now: now)
        )
    }

    /// Checks that every mode other than `off` has its verifier, and that some platform
    /// may enroll.
    /// - Throws: ``ServiceFailure`` with code ``ServiceFailure/Code/invalidConfiguration``.
    public func validate() throws(ServiceFailure) {
        guard !platforms.isEmpty else {
            throw ServiceFailure(.invalidConfiguration, "no platform may enroll: accept ios, android or both")
        }
        guard appAttestMode == .off || !appAttest.isEmpty else {
            throw ServiceFailure(.invalidConfiguration, "App Attest mode \(appAttestMode.rawValue) needs an App Attest verifier (an app id)")
        }
        guard androidMode == .off || (androidDeviceKey != nil && androidBiometricKey != nil) else {
            throw ServiceFailure(.invalidConfiguration, "Android attestation mode \(androidMode.rawValue) needs Android verifiers")
        }
    }
}
