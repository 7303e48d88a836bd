import CommandKit
import Foundation
import TrustStore

/// `devicetrust serve`: its options, parsed and validated into a ``ServerConfiguration``.
///
/// Options take their value as the next argument or after `=` (`--port 9000`,
/// `--port=9000`); each may be given once, except `--app-id` and `--android-cert-digest`,
/// which may be repeated. The executable runs it with ``serve(openStore:context:)``, since
/// it chooses the storage engines.
public struct ServeCommand: Sendable, Hashable {
    /// The command's name, help and options.
    public static let configuration = CommandConfiguration(
        name: "serve", abstract: "Start the DeviceTrust server.",
        synopsis: """
            [--port 8080] [--host 127.0.0.1] [--data-dir ./devicetrust-data] \
            [--database sqlite:PATH|postgres://...] [--challenge-ttl SECONDS] [--token-issuer S] [--token-audience S] \
            [--rate-limit-per-address N] [--rate-limit-per-device N] [--key-publish-delay SECONDS] [--log-format text|json] \
            [--max-connections N] [--max-connections-per-address N] [--request-timeout SECONDS] [--idle-timeout SECONDS] \
            [--listen-backlog N] [--tls-cert FILE --tls-key FILE] \
            [--app-id TEAMID.bundle]... [--app-attest off|optional|required] \
            [--app-attest-environment production|development] [--app-attest-root FILE] [--app-attest-receipt-root FILE] \
            [--android-package NAME] [--android-cert-digest HEX]... \
            [--android-attestation off|optional|required] [--android-revocation-list FILE] [--android-root FILE] \
            [--platforms ios,android] [--app-attest-risk-refresh --apple-team-id ID --apple-key-id ID --apple-devicecheck-key FILE] \
            [--apple-attest-endpoint URL] [--app-attest-max-risk N]
            """,
        discussion: """
            Creates the data directory (mode 0700) with the token signing keys (token-signing-keys/,
            read again every 5 s; add one with 'devicetrust keys rotate'), the PIN pepper and the admin
            API key (files mode 0600) and, by default, the SQLite database, prints the admin key file's
            path, and serves until SIGINT or SIGTERM. Exit status: 0 after a clean stop, 1 when
            the server cannot start, 2 for a usage error. Hardware attestation is off by default.
            """,
        options: [
            OptionSpec("--port", kind: .value("N"), help: "TCP port, 0 to 65535 (default 8080)"),
            OptionSpec("--host", kind: .value("ADDRESS"), help: "numeric IPv4 address to bind (default 127.0.0.1)"),
            OptionSpec("--data-dir", kind: .value("PATH"), help: "folder for the database and secrets (default ./devicetrust-data)"),
            OptionSpec(
                "--database", kind: .value("URL"),
                help: """
                    sqlite:PATH (default sqlite:<data-dir>/devicetrust.sqlite) or \
                    postgres://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?PARAMS] (libpq URI; postgresql:// too); \
                    \(databaseURLVariable) when not given. Several nodes on one PostgreSQL with copies of one \
                    data directory act as one service.
                    """),
            OptionSpec("--challenge-ttl", kind: .value("N"), help: "seconds an enrollment or challenge stays valid, 1 to 86400 (default 120)"),
            OptionSpec("--token-issuer", kind: .value("S"), help: "the tokens' iss claim (default devicetrust)"),
            OptionSpec("--token-audience", kind: .value("S"), help: "the tokens' aud claim (default devicetrust)"),
            OptionSpec("--rate-limit-per-address", kind: .value("N"), help: "requests per second per client address, bursts of 2N (default 2000)"),
            OptionSpec("--rate-limit-per-device", kind: .value("N"), help: "challenges per second per device, bursts of 2N (default 200)"),
            OptionSpec(
                "--key-publish-delay", kind: .value("SECONDS"),
                help: """
                    seconds from a key's creation by 'devicetrust keys rotate' to its first signature; it is \
                    published in the JWKS meanwhile. 0 to 604800 (default 600)
                    """),
            OptionSpec(
                "--log-format", kind: .value("FORMAT"),
                help: """
                    text (default: plain lines on standard error) or json (one JSON object per line on standard \
                    output: every request with its X-Request-Id, route, status and latency, and the security events)
                    """),
            OptionSpec(
                "--tls-cert", kind: .value("FILE"),
                help: "PEM certificate chain: serve HTTPS only (TLS 1.2 and 1.3) with --tls-key; both are read again on SIGHUP"),
            OptionSpec("--tls-key", kind: .value("FILE"), help: "the PEM private key of --tls-cert's certificate"),
        ] + connectionOptions.map(\.spec) + [
            OptionSpec(
                "--app-id", kind: .value("TEAMID.bundle"), repeatable: true, section: attestation,
                help: "an App Attest app identifier, repeatable (needed unless --app-attest off)"),
            OptionSpec(
                "--app-attest", kind: .value("MODE"), section: attestation,
                help: "off, optional or required (required: every enrollment and every response from an iOS device carries App Attest)"),
            OptionSpec("--app-attest-environment", kind: .value("ENV"), section: attestation, help: "production (default) or development"),
            OptionSpec(
                "--app-attest-root", kind: .value("FILE"), section: attestation,
                help: "PEM roots replacing Apple's App Attestation Root CA (tests, private PKI)"),
            OptionSpec(
                "--app-attest-receipt-root", kind: .value("FILE"), section: attestation,
                help: "PEM roots replacing Apple Root CA - G3 for attestation receipts (tests, private PKI)"),
            OptionSpec(
                "--android-package", kind: .value("NAME"), section: attestation,
                help: "the package name Android attestations must name (default any)"),
            OptionSpec(
                "--android-cert-digest", kind: .value("HEX"), repeatable: true, section: attestation,
                help: "SHA-256 of the app's signing certificate, 64 hex digits, repeatable (default any)"),
            OptionSpec("--android-attestation", kind: .value("MODE"), section: attestation, help: "off, optional or required"),
            OptionSpec(
                "--android-revocation-list", kind: .value("FILE"), section: attestation,
                help: "Google's attestation status JSON, read at start"),
            OptionSpec(
                "--android-root", kind: .value("FILE"), section: attestation,
                help: "PEM roots replacing Google's hardware attestation roots"),
            OptionSpec(
                "--app-attest-risk-refresh", kind: .flag, section: attestation,
                help: "refresh each App Attest key's receipt at Apple's attestationData endpoint for its risk metric (needs the three --apple- options)"),
            OptionSpec("--apple-team-id", kind: .value("ID"), section: attestation, help: "the team id of the DeviceCheck key (10 characters)"),
            OptionSpec("--apple-key-id", kind: .value("ID"), section: attestation, help: "the key id of the DeviceCheck key (10 characters)"),
            OptionSpec(
                "--apple-devicecheck-key", kind: .value("FILE"), section: attestation,
                help: "the DeviceCheck .p8 key that authorizes the receipt refresh calls"),
            OptionSpec(
                "--apple-attest-endpoint", kind: .value("URL"), section: attestation,
                help: "the attestationData endpoint (default Apple's, by --app-attest-environment; http:// only to loopback, for tests)"),
            OptionSpec(
                "--app-attest-max-risk", kind: .value("N"), section: attestation,
                help: "refuse assertions (attestation_invalid) from keys whose latest risk metric exceeds N"),
            OptionSpec(
                "--platforms", kind: .value("LIST"), section: attestation,
                help: "ios, android or ios,android (default): the platforms whose devices may enroll; others get attestation_invalid"),
        ])

    private static let attestation = "Hardware attestation at enrollment"
    private static let connections = "Connection limits"

    /// One whole-number option of ``ConnectionLimits``: its help, range and parsing in one place.
    private struct LimitOption: Sendable {
        let name: String
        let valueName: String
        let range: ClosedRange<Int>
        let unit: String
        let help: String
        let field: any WritableKeyPath<ConnectionLimits, Int> & Sendable

        var spec: OptionSpec {
            let bounds = "\(range.lowerBound) to \(range.upperBound)"
            return OptionSpec(
                name, kind: .value(valueName), section: connections, help: "\(help), \(bounds) (default \(ConnectionLimits()[keyPath: field]))")
        }
    }

    private static let connectionOptions = [
        LimitOption(
            name: "--max-connections", valueName: "N", range: 1...1_000_000, unit: "connections",
            help: "connections held at once (lowered to fit the open-file limit); above 90 % each new one closes the longest-idle kept-alive one",
            field: \.maximumConnections),
        LimitOption(
            name: "--max-connections-per-address", valueName: "N", range: 0...1_000_000, unit: "connections",
            help: "connections one client address may hold, 0 for no limit (behind a proxy, all come from the proxy)",
            field: \.maximumConnectionsPerAddress),
        LimitOption(
            name: "--request-timeout", valueName: "SECONDS", range: 1...3600, unit: "seconds",
            help: "seconds a request's headers and body may take to arrive", field: \.requestTimeoutSeconds),
        LimitOption(
            name: "--idle-timeout", valueName: "SECONDS", range: 1...3600, unit: "seconds",
            help: "seconds a connection may stay without traffic, kept alive between requests", field: \.idleTimeoutSeconds),
        LimitOption(
            name: "--listen-backlog", valueName: "N", range: 1...65_535, unit: "connections",
            help: "connections the kernel queues before they are accepted", field: \.listenBacklog),
    ]

    /// The usage line.
    public static var usage: String { HelpText.usage(configuration, path: ["devicetrust", "serve"]) }

    /// The help text for `devicetrust serve --help`.
    public static var help: String { HelpText.help(configuration, path: ["devicetrust", "serve"]) }

    /// The configuration the options describe.
    public var configuration: ServerConfiguration

    /// A command with `configuration`.
    public init(configuration: ServerConfiguration = ServerConfiguration()) {
        self.configuration = configuration
    }

    /// The environment variable that gives the database URL when `--database` is absent.
    public static let databaseURLVariable = "DEVICETRUST_DATABASE_URL"

    /// Parses the arguments that follow `serve`; `environment` supplies
    /// ``databaseURLVariable`` when `--database` is absent.
    /// - Throws: ``UsageError`` for an unknown or repeated option, a missing value or a
    ///   value out of range, naming the option (and never a database password).
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> ServeCommand {
        let parsed = try ParsedArguments(arguments, for: configuration)
        return try ServeCommand(arguments: parsed, environment: environment)
    }

    /// The command the parsed options describe.
    /// - Throws: ``UsageError`` for a value out of range or of the wrong form, naming the option.
    public init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        var values: [String: String] = [:]
        for (name, given) in arguments.values { values[name] = given.last }
        if values["--database"] == nil, let fromEnvironment = environment[Self.databaseURLVariable], !fromEnvironment.isEmpty {
            values["--database"] = fromEnvironment
            do { _ = try StoreURL(parsing: fromEnvironment) } catch {
                throw UsageError("\(Self.databaseURLVariable): \(error.reason)")
            }
        }
        try self.init(validating: values)
        configuration.attestation = try Self.attestationOptions(
            values, repeated: arguments.values, receiptRefresh: arguments.flag("--app-attest-risk-refresh"))
    }

    private init(validating values: [String: String]) throws(UsageError) {
        var configuration = ServerConfiguration()
        if let port = values["--port"] {
            guard let number = UInt16(port) else { throw UsageError("--port must be a whole number from 0 to 65535, not '\(port)'") }
            configuration.port = number
        }
        if let host = values["--host"] {
            guard Self.isNumericIPv4(host) else { throw UsageError("--host must be a numeric IPv4 address such as 127.0.0.1, not '\(host)'") }
            configuration.host = host
        }
        if let directory = values["--data-dir"] {
            guard !directory.isEmpty else { throw UsageError("--data-dir must not be empty") }
            configuration.dataDirectory = directory
        }
        if let database = values["--database"] {
            do { _ = try StoreURL(parsing: database) } catch {
                throw UsageError("--database: \(error.reason)")
            }
            configuration.databaseURL = database
        }
        if let ttl = values["--challenge-ttl"] {
            guard let seconds = Int(ttl), (1...86_400).contains(seconds) else {
                throw UsageError("--challenge-ttl must be a whole number of seconds from 1 to 86400, not '\(ttl)'")
            }
            configuration.service.challengeTTL = TimeInterval(seconds)
        }
        if let issuer = values["--token-issuer"] {
            guard !issuer.isEmpty else { throw UsageError("--token-issuer must not be empty") }
            configuration.service.tokenIssuer = issuer
        }
        if let audience = values["--token-audience"] {
            guard !audience.isEmpty else { throw UsageError("--token-audience must not be empty") }
            configuration.service.tokenAudience = audience
        }
        if let rate = values["--rate-limit-per-address"] {
            configuration.perAddressRateLimit = try Self.rateLimit(rate, option: "--rate-limit-per-address")
        }
        if let rate = values["--rate-limit-per-device"] {
            configuration.service.perDeviceRateLimit = try Self.rateLimit(rate, option: "--rate-limit-per-device")
        }
        if let format = values["--log-format"] {
            guard let parsed = ServerConfiguration.LogFormat(rawValue: format) else {
                throw UsageError("--log-format must be text or json, not '\(format)'")
            }
            configuration.logFormat = parsed
        }
        if let delay = values["--key-publish-delay"] {
            guard let seconds = Int(delay), (0...604_800).contains(seconds) else {
                throw UsageError("--key-publish-delay must be a whole number of seconds from 0 to 604800, not '\(delay)'")
            }
            configuration.keyPublishDelay = TimeInterval(seconds)
        }
        configuration.connectionLimits = try Self.connectionLimits(values)
        switch (values["--tls-cert"], values["--tls-key"]) {
        case (nil, nil):
            break
        case (let certificate?, let key?) where !certificate.isEmpty && !key.isEmpty:
            configuration.tls = TLSFiles(certificatePath: certificate, keyPath: key)
        default:
            throw UsageError("--tls-cert and --tls-key go together: give both PEM files (certificate chain and its private key) or neither")
        }
        self.configuration = configuration
    }

    private static func connectionLimits(_ values: [String: String]) throws(UsageError) -> ConnectionLimits {
        var limits = ConnectionLimits()
        for option in connectionOptions {
            guard let text = values[option.name] else { continue }
            guard let value = Int(text), option.range.contains(value) else {
                throw UsageError(
                    "\(option.name) must be a whole number of \(option.unit) from \(option.range.lowerBound) to \(option.range.upperBound), not '\(text)'")
            }
            limits[keyPath: option.field] = value
        }
        guard limits.maximumConnectionsPerAddress <= limits.maximumConnections else {
            throw UsageError(
                "--max-connections-per-address (\(limits.maximumConnectionsPerAddress)) must not exceed --max-connections (\(limits.maximumConnections))")
        }
        return limits
    }

    private static func rateLimit(_ text: String, option: String) throws(UsageError) -> RateLimit {
        guard let perSecond = Int(text), (1...1_000_000).contains(perSecond) else {
            throw UsageError("\(option) must be a whole number of requests per second from 1 to 1000000, not '\(text)'")
        }
        return RateLimit(requestsPerSecond: Double(perSecond), burst: 2 * perSecond)
    }

    private static func isNumericIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (UInt16(part) ?? 256) <= 255
            }
    }
}
