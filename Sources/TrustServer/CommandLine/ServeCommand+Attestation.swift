import Attestation
import CommandKit
import DeviceBinding
import Foundation

extension ServeCommand {
    /// The attestation options among `values` (single) and `repeated` (`--app-id`,
    /// `--android-cert-digest`), validated.
    /// - Throws: ``UsageError`` naming the option and what it accepts.
    static func attestationOptions(
        _ values: [String: String], repeated: [String: [String]], receiptRefresh: Bool = false
    ) throws(UsageError) -> AttestationOptions {
        var options = AttestationOptions()
        for appID in repeated["--app-id"] ?? [] {
            guard isAppID(appID) else {
                throw UsageError("--app-id must be TEAMID.bundle.id (a 10-character team identifier, a dot, the bundle identifier), not '\(appID)'")
            }
            options.appIDs.append(appID)
        }
        if let mode = values["--app-attest"] {
            options.appAttestMode = try self.mode(mode, option: "--app-attest")
        }
        if let environment = values["--app-attest-environment"] {
            guard let parsed = AppAttestVerifier.Environment(rawValue: environment) else {
                throw UsageError("--app-attest-environment must be production or development, not '\(environment)'")
            }
            options.appAttestEnvironment = parsed
        }
        if options.appAttestMode != .off, options.appIDs.isEmpty {
            throw UsageError("--app-attest \(options.appAttestMode.rawValue) needs at least one --app-id TEAMID.bundle.id")
        }
        if let package = values["--android-package"] {
            guard isPackageName(package) else {
                throw UsageError("--android-package must be an Android package name such as com.example.app, not '\(package)'")
            }
            options.androidPackage = package
        }
        for digest in repeated["--android-cert-digest"] ?? [] {
            guard let bytes = sha256Hex(digest) else {
                throw UsageError("--android-cert-digest must be a SHA-256 digest: 64 hex digits, colons allowed, not '\(digest)'")
            }
            options.androidCertificateDigests.append(bytes)
        }
        if let mode = values["--android-attestation"] {
            options.androidMode = try self.mode(mode, option: "--android-attestation")
        }
        options.receiptRefresh = receiptRefresh
        options.appleTeamID = values["--apple-team-id"]
        options.appleKeyID = values["--apple-key-id"]
        options.appleDeviceCheckKeyPath = try path(values, "--apple-devicecheck-key")
        if let endpoint = values["--apple-attest-endpoint"] {
            guard let url = URL(string: endpoint), let host = url.host, url.scheme == "https" || (url.scheme == "http" && Self.isLoopback(host)) else {
                throw UsageError("--apple-attest-endpoint must be an https:// URL (http:// only to 127.0.0.1 or localhost, for tests), not '\(endpoint)'")
            }
            options.appleAttestEndpoint = url
        }
        if let limit = values["--app-attest-max-risk"] {
            guard let value = Int(limit), (0...1_000_000).contains(value) else {
                throw UsageError("--app-attest-max-risk must be a whole number from 0 to 1000000, not '\(limit)'")
            }
            options.maximumRisk = value
        }
        if options.receiptRefresh || options.maximumRisk != nil, options.appAttestMode == .off {
            throw UsageError("--app-attest-risk-refresh and --app-attest-max-risk need --app-attest optional or required")
        }
        if options.receiptRefresh, options.appleTeamID == nil || options.appleKeyID == nil || options.appleDeviceCheckKeyPath == nil {
            throw UsageError("--app-attest-risk-refresh needs --apple-team-id, --apple-key-id and --apple-devicecheck-key FILE")
        }
        if let list = values["--platforms"] {
            options.platforms = try platforms(list)
        }
        options.androidRevocationListPath = try path(values, "--android-revocation-list")
        options.appAttestRootPath = try path(values, "--app-attest-root")
        options.appAttestReceiptRootPath = try path(values, "--app-attest-receipt-root")
        options.androidRootPath = try path(values, "--android-root")
        return options
    }

    private static func mode(_ text: String, option: String) throws(UsageError) -> AttestationConfiguration.Mode {
        guard let mode = AttestationConfiguration.Mode(rawValue: text) else {
            throw UsageError("\(option) must be off, optional or required, not '\(text)'")
        }
        return mode
    }

    /// `ios`, `android` or both, comma-separated, each once.
    private static func platforms(_ list: String) throws(UsageError) -> Set<Platform> {
        var platforms: Set<Platform> = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let platform = Platform(rawValue: String(name)) else {
                throw UsageError("--platforms must list ios, android or both, separated by a comma (ios,android), not '\(list)'")
            }
            guard platforms.insert(platform).inserted else { throw UsageError("--platforms names \(name) twice") }
        }
        return platforms
    }

    private static func isLoopback(_ host: String) -> Bool { host == "127.0.0.1" || host == "localhost" || host == "::1" }

    private static func path(_ values: [String: String], _ option: String) throws(UsageError) -> String? {
        guard let path = values[option] else { return nil }
        guard !path.isEmpty else { throw UsageError("\(option) must name a file") }
        return path
    }

    private static func isAppID(_ text: String) -> Bool {
        guard let dot = text.firstIndex(of: ".") else { return false }
        let team = text[..<dot]
        let bundle = text[text.index(after: dot)...]
        let bundleCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
        return team.count == 10 && team.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
            && !bundle.isEmpty && !bundle.hasPrefix(".") && !bundle.hasSuffix(".")
            && bundle.unicodeScalars.allSatisfy(bundleCharacters.contains)
    }

    private static func isPackageName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.first, first.isASCII, first.isLetter else { return false }
                return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
    }

    private static func sha256Hex(_ text: String) -> Data? {
        let digits = Array(text.replacingOccurrences(of: ":", with: "").utf8)
        guard digits.count == 64, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
