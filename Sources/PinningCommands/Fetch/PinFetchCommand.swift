import CommandKit
import Foundation

/// `devicetrust pin fetch HOST[:PORT] [--servername NAME] [--cafile FILE]`: connects with
/// TLS, prints the chain the server presents (leaf first) with the subject, issuer,
/// expiry and SPKI pin of each certificate, and says whether the chain verified.
///
/// Exit status: 0 when the chain verified (to `--cafile`, or to the system's roots, with
/// the host name or `--servername` matching the leaf); 1 when it did not; 2 for a usage
/// error or when no chain could be fetched (DNS, connect, handshake).
struct PinFetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fetch", abstract: "Connect with TLS and print the presented chain with subject, issuer, expiry and pin.",
        synopsis: "HOST[:PORT] [--servername NAME] [--cafile FILE]",
        discussion: """
            Prints the chain the server presents, leaf first, with the subject, issuer, notAfter and pin
            of each certificate, then whether it verified. Exit status: 0 when the chain verified (to
            --cafile, or to the system's roots, with the host name or --servername matching the leaf), 1
            when it did not, 2 for a usage error or when no chain could be fetched (DNS, connect,
            handshake).
            """,
        options: [
            OptionSpec("--servername", kind: .value("NAME"), help: "the name sent as SNI and checked against the leaf (default HOST)"),
            OptionSpec("--cafile", kind: .value("FILE"), help: "a PEM file of trusted roots (default the system's)"),
        ],
        positionals: PositionalSpec(
            "HOST[:PORT]", minimum: 1, maximum: 1, help: "a DNS name or IP address, port 443 unless given; IPv6 as [::1]:8443 or ::1"))

    /// The host to connect to: a DNS name or an IP literal (IPv6 without brackets).
    let host: String
    /// The TCP port; 443 when not given.
    let port: UInt16
    /// The name sent as SNI and checked against the certificate; the host when not given.
    let serverName: String?
    /// A PEM file of trusted roots; the system's default paths when not given.
    let caFile: String?

    /// The name the certificate must carry: `--servername`, else the host.
    var nameToVerify: String { serverName ?? host }

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        guard let endpoint = arguments.positionals.first else { throw UsageError("missing HOST[:PORT]") }
        (host, port) = try Self.splitEndpoint(endpoint)
        serverName = try Self.value(of: "--servername", in: arguments)
        caFile = try Self.value(of: "--cafile", in: arguments)
    }

    func run(_ context: CommandContext) -> Int32 {
        #if canImport(COpenSSL)
        let result: PinFetchResult
        do {
            result = try TLSChainFetcher.fetch(self)
        } catch {
            report(error.description, to: context)
            return ExitStatus.usage
        }
        for line in PinFetchReport.lines(for: result) { context.standardOutput(line + "\n") }
        return result.isVerified ? ExitStatus.success : ExitStatus.failure
        #else
        report("not available on this platform (it needs OpenSSL)", to: context)
        return ExitStatus.usage
        #endif
    }

    /// The value of `option`, if given; empty, or another option's name, is no value.
    private static func value(of option: String, in arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let value = arguments.value(option) else { return nil }
        guard !value.isEmpty, !value.hasPrefix("--") else { throw UsageError("\(option) needs a value") }
        return value
    }

    /// Splits `host`, `host:port`, `[v6]` or `[v6]:port`; a bare IPv6 literal (two or more
    /// colons, no brackets) is a host without a port.
    static func splitEndpoint(_ text: String) throws(UsageError) -> (host: String, port: UInt16) {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw UsageError("'\(text)' opens '[' without closing it; write [::1]:443")
            }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw UsageError("'\(text)': expected ':PORT' after ']'") }
                portText = rest.dropFirst()
            }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = text[...]
        }
        guard !host.isEmpty else { throw UsageError("'\(text)' has no host") }
        var port: UInt16 = 443
        if let portText {
            guard let parsed = UInt16(portText), parsed > 0 else {
                throw UsageError("'\(portText)' is not a port (1-65535)")
            }
            port = parsed
        }
        return (String(host), port)
    }
}
