import Foundation

/// The `kind` label of `devicetrust_verification_duration_seconds`: which check took the time.
enum VerificationKind: String, CaseIterable, Sendable {
    /// An ECDSA signature of a device key (a challenge response or an enrollment proof).
    case deviceSignature = "device_signature"
    /// An App Attest attestation at enrollment.
    case appAttestAttestation = "app_attest_attestation"
    /// An App Attest assertion with a challenge response.
    case appAttestAssertion = "app_attest_assertion"
    /// An Android key attestation chain at enrollment.
    case androidKeyAttestation = "android_key_attestation"
    /// An access token presented for redemption.
    case accessToken = "access_token"

    /// The histogram's name.
    static let metricName = "devicetrust_verification_duration_seconds"
}

extension ServiceMetrics {
    /// Declares the verification histogram with a zero-valued series per kind.
    func describeVerifications() {
        describeHistogram(VerificationKind.metricName, "Cryptographic verifications, by kind, in seconds (failures included).")
        declareSeries(VerificationKind.allCases.map(Self.verificationKey))
    }

    /// Runs `body`, timing it as a verification of `kind`.
    func measuring<T, Failure: Error>(_ kind: VerificationKind, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { observe(Self.verificationKey(kind), seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        return try body()
    }

    private static func verificationKey(_ kind: VerificationKind) -> Key { Key(VerificationKind.metricName, label: ("kind", kind.rawValue)) }
}
