import ASN1DER
import Attestation
import DeviceBinding
import Foundation
import ServerCredentials

/// The attestation settings of `devicetrust serve`, as given: app identifiers, modes,
/// Android policy values and the files to read. ``makeConfiguration(now:)`` reads the
/// files and builds the verifiers.
public struct AttestationOptions: Sendable, Hashable {
    /// `TEAMID.bundle.id` values App Attest attestations may name (`--app-id`, repeatable).
    public var appIDs: [String] = []
    /// `--app-attest`; `off` by default.
    public var appAttestMode: AttestationConfiguration.Mode = .off
    /// `--app-attest-environment`; `production` by default.
    public var appAttestEnvironment: AppAttestVerifier.Environment = .production
    /// `--android-package`: the one package name Android attestations must name; any if `nil`.
    public var androidPackage: String?
    /// `--android-cert-digest` (repeatable): SHA-256 digests of the app's signing certificates; any if empty.
    public var androidCertificateDigests: [Data] = []
    /// `--android-attestation`; `off` by default.
    public var androidMode: AttestationConfiguration.Mode = .off
    /// `--android-revocation-list`: Google's attestation status JSON, read at start.
    public var androidRevocationListPath: String?
    /// `--app-attest-root`: PEM roots replacing Apple's App Attestation Root CA.
    public var appAttestRootPath: String?
    /// `--app-attest-receipt-root`: PEM roots replacing Apple Root CA - G3 for receipts.
    public var appAttestReceiptRootPath: String?
    /// `--android-root`: PEM roots replacing Google's hardware attestation roots.
    public var androidRootPath: String?
    /// `--app-attest-risk-refresh`: refresh each key's receipt at Apple's endpoint.
    public var receiptRefresh = false
    /// `--apple-team-id`, `--apple-key-id` and `--apple-devicecheck-key`: the DeviceCheck
    /// key that authorizes the refresh calls.
    public var appleTeamID: String?
    /// See ``appleTeamID``.
    public var appleKeyID: String?
    /// See ``appleTeamID``: the `.p8` file.
    public var appleDeviceCheckKeyPath: String?
    /// `--apple-attest-endpoint`: Apple's `attestationData` endpoint by default (the
    /// development one for `--app-attest-environment development`).
    public var appleAttestEndpoint: URL?
    /// `--app-attest-max-risk`: refuse assertions from keys whose latest risk metric exceeds it.
    public var maximumRisk: Int?
    /// `--platforms`: the platforms whose devices may enroll; both by default.
    public var platforms: Set<Platform> = Set(Platform.allCases)

    /// The defaults: both modes off.
    public init() {}

    /// The verifiers these options describe, with the files read.
    /// - Throws: ``BootstrapError`` naming the file that cannot be read or parsed.
    public func makeConfiguration(now: @escaping @Sendable () -> Date = Date.init) throws(BootstrapError) -> AttestationConfiguration {
        let appAttestRoots = try appAttestRootPath.map { path throws(BootstrapError) in try Self.pemCertificates(path, option: "--app-attest-root") }
        let receiptRoots = try appAttestReceiptRootPath.map { path throws(BootstrapError) in
            try Self.pemCertificates(path, option: "--app-attest-receipt-root")
        }
        let androidRoots = try androidRootPath.map { path throws(BootstrapError) in try Self.pemCertificates(path, option: "--android-root") }
        var revoked: Set<String> = []
        if let path = androidRevocationListPath {
            let data = try Self.read(path, option: "--android-revocation-list")
            do { revoked = try AndroidRevocationList(json: data).revokedSerials } catch {
                throw BootstrapError(
                    "--android-revocation-list \(path) is not Google's attestation status JSON (\(error.code)); download it from https://android.googleapis.com/attestation/status"
                )
            }
        }
        let policy = AndroidKeyPolicy(
            packageNames: Set(androidPackage.map { [$0] } ?? []), signingCertificateDigests: Set(androidCertificateDigests))
        let android = AttestationConfiguration.androidVerifiers(
            trustedRoots: androidRoots, policy: policy, revokedSerials: revoked, now: now)
        return AttestationConfiguration(
            appAttest: appIDs.map { AppAttestVerifier(appID: $0, environment: appAttestEnvironment, trustedRoots: appAttestRoots, now: now) },
            appAttestMode: appAttestMode, appAttestReceiptRoots: receiptRoots,
            androidDeviceKey: android.deviceKey, androidBiometricKey: android.biometricKey,
            androidMode: androidMode, platforms: platforms, appAttestMaximumRisk: maximumRisk)
    }

    /// The receipt refresher's configuration, with the DeviceCheck key read, or `nil`
    /// without `--app-attest-risk-refresh`.
    /// - Throws: ``BootstrapError`` naming the option or file that is missing or unusable.
    public func makeRefreshConfiguration() throws(BootstrapError) -> AppAttestReceiptRefresher.Configuration? {
        guard receiptRefresh else { return nil }
        guard let appleTeamID, let appleKeyID, let path = appleDeviceCheckKeyPath else {
            throw BootstrapError("--app-attest-risk-refresh needs --apple-team-id, --apple-key-id and --apple-devicecheck-key FILE")
        }
        let text = String(decoding: try Self.read(path, option: "--apple-devicecheck-key"), as: UTF8.self)
        let key: DeviceCheckKey
        do { key = try DeviceCheckKey(teamID: appleTeamID, keyID: appleKeyID, p8: text) } catch {
            throw BootstrapError("--apple-devicecheck-key \(path): \(error)")
        }
        let receiptRoots = try appAttestReceiptRootPath.map { path throws(BootstrapError) in
            try Self.pemCertificates(path, option: "--app-attest-receipt-root")
        }
        let endpoint =
            appleAttestEndpoint
            ?? (appAttestEnvironment == .development
                ? AppAttestReceiptRefresher.Configuration.developmentEndpoint : AppAttestReceiptRefresher.Configuration.productionEndpoint)
        return AppAttestReceiptRefresher.Configuration(endpoint: endpoint, key: key, receiptRoots: receiptRoots)
    }

    private static func read(_ path: String, option: String) throws(BootstrapError) -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw BootstrapError("\(option) \(path) cannot be read; check the path and its permissions")
        }
    }

    private static func pemCertificates(_ path: String, option: String) throws(BootstrapError) -> [Data] {
        let data = try read(path, option: option)
        let certificates: [[UInt8]]
        do { certificates = try PEMBlocks.decode(String(decoding: data, as: UTF8.self)) } catch {
            throw BootstrapError("\(option) \(path) is not a PEM file of certificates (\(error.reason))")
        }
        guard !certificates.isEmpty else {
            throw BootstrapError("\(option) \(path) holds no -----BEGIN CERTIFICATE----- block")
        }
        return certificates.map { Data($0) }
    }
}
