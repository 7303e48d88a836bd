import Foundation
import TrustStore

/// `devicetrust serve`: its options, parsed and validated into a ``ServerConfiguration``.
///
/// Options take their value as the next argument or after `=` (`--port 9000`,
/// `--port=9000`); each may be given once, except `--app-id` and `--android-cert-digest`,
/// which may be repeated.
public struct ServeCommand: Sendable, Hashable {
    /// The usage line.
    public static let usage = """
        usage: devicetrust serve [--port 8080] [--host 127.0.0.1] [--data-dir ./devicetrust-data] \
        [--database sqlite:PATH|postgres://...] [--challenge-ttl SECONDS] [--token-issuer S] [--token-audience S] \
        [--rate-limit-per-address N] [--rate-limit-per-device N] \
        [--app-id TEAMID.bundle]... [--app-attest off|optional|required] \
        [--app-attest-environment production|development] [--app-attest-root FILE] \
        [--android-package NAME] [--android-cert-digest HEX]... \
        [--android-attestation off|optional|required] [--android-revocation-list FILE] [--android-root FILE]
        """

    /// The help text for `devicetrust serve --help`.
    public static let help = """
        \(usage)

        Starts the DeviceTrust server. Creates the data directory (mode 0700) with the token
        signing key, the PIN pepper and the admin API key (files mode 0600) and, by default, the
        SQLite database,
        prints the admin key file's path, and serves until SIGINT or SIGTERM.

          --port N               TCP port, 0 to 65535 (default 8080)
          --host ADDRESS         numeric IPv4 address to bind (default 127.0.0.1)
          --data-dir PATH        folder for the database and secrets (default ./devicetrust-data)
          --database URL         sqlite:PATH (default sqlite:<data-dir>/devicetrust.sqlite) or
                                 postgres://USER[:PASSWORD]@HOST[:PORT]/DBNAME[?PARAMS] (libpq URI;
                                 postgresql:// too); DEVICETRUST_DATABASE_URL when not given.
                                 Several nodes on one PostgreSQL with copies of one data directory
                                 act as one service.
          --challenge-ttl N      seconds an enrollment or challenge stays valid, 1 to 86400 (default 120)
          --token-issuer S       the tokens' iss claim (default devicetrust)
          --token-audience S     the tokens' aud claim (default devicetrust)
          --rate-limit-per-address N  requests per second per client address, bursts of 2N (default 2000)
          --rate-limit-per-device N   challenges per second per device, bursts of 2N (default 200)

        Hardware attestation at enrollment (both off by default):
          --app-id TEAMID.bundle        an App Attest app identifier, repeatable (needed unless --app-attest off)
          --app-attest MODE             off, optional or required (required: every enrollment and every
                                        response from an iOS device carries App Attest)
          --app-attest-environment ENV  production (default) or development
          --app-attest-root FILE        PEM roots replacing Apple's App Attestation Root CA (tests, private PKI)
          --android-package NAME        the package name Android attestations must name (default any)
          --android-cert-digest HEX     SHA-256 of the app's signing certificate, 64 hex digits, repeatable (default any)
          --android-attestation MODE    off, optional or required
          --android-revocation-list FILE  Google's attestation status JSON, read at start
          --android-root FILE           PEM roots replacing Google's hardware attestation roots
        """

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
    public static func parse(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> ServeCommand {
        var values: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else { throw UsageError("unexpected argument '\(argument)'") }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard knownOptions.contains(name) else { throw UsageError("unknown option '\(name)'") }
            guard values[name] == nil else { throw UsageError("\(name) is given more than once") }
            if value == nil {
                guard index < arguments.endIndex else { throw UsageError("\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            if repeatableOptions.contains(name) {
                repeated[name, default: []].append(value ?? "")
            } else {
                values[name] = value
            }
        }
        if values["--database"] == nil, let fromEnvironment = environment[databaseURLVariable], !fromEnvironment.isEmpty {
            values["--database"] = fromEnvironment
            do { _ = try StoreURL(parsing: fromEnvironment) } catch {
                throw UsageError("\(databaseURLVariable): \(error.reason)")
            }
        }
        var command = try ServeCommand(validating: values)
        command.configuration.attestation = try Self.attestationOptions(values, repeated: repeated)
        return command
    }

    private static let knownOptions: Set<String> = [
        "--port", "--host", "--data-dir", "--database", "--challenge-ttl", "--token-issuer", "--token-audience",
        "--rate-limit-per-address", "--rate-limit-per-device",
        "--app-id", "--app-attest", "--app-attest-environment", "--app-attest-root",
        "--android-package", "--android-cert-digest", "--android-attestation", "--android-revocation-list", "--android-root",
    ]

    private static let repeatableOptions: Set<String> = ["--app-id", "--android-cert-digest"]

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
        self.configuration = configuration
    }

    private static func rateLimit(_ text: String, option: String) throws(UsageError) -> RateLimit {
        guard let perSecond = Int(text), (1...1_000_000).contains(perSecond) else {
            throw UsageError("\(option) must be a whole number of requests per second from 1 to 1000000, not '\(text)'")
        }
        return RateLimit(requestsPerSecond: Double(perSecond), burst: 2 * perSecond)
    }

    private static func isNumericIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (UInt16(part) ?? 256) <= 255
        }
    }
}
