/// The parsed arguments of `devicetrust pin fetch HOST[:PORT] [--servername NAME] [--cafile FILE]`.
struct PinFetchArguments: Equatable {
    /// The host to connect to: a DNS name or an IP literal (IPv6 without brackets).
    var host: String
    /// The TCP port; 443 when not given.
    var port: UInt16
    /// The name sent as SNI and checked against the certificate; the host when not given.
    var serverName: String?
    /// A PEM file of trusted roots; the system's default paths when not given.
    var caFile: String?

    /// The name the certificate must carry: `--servername`, else the host.
    var nameToVerify: String { serverName ?? host }

    /// The usage line, printed with every usage error.
    static let usage = "usage: devicetrust pin fetch HOST[:PORT] [--servername NAME] [--cafile FILE]"

    /// Parses the arguments after `fetch`.
    ///
    /// - Throws: ``PinFetchError`` with code ``PinFetchError/Code/usage`` naming the bad argument.
    init(parsing arguments: [String]) throws(PinFetchError) {
        var endpoint: String?
        var serverName: String?
        var caFile: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--servername", "--cafile":
                guard let value = remaining.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                    throw PinFetchError(.usage, "\(argument) needs a value")
                }
                if argument == "--servername" { serverName = value } else { caFile = value }
            case let option where option.hasPrefix("-"):
                throw PinFetchError(.usage, "unknown option '\(option)'")
            default:
                guard endpoint == nil else {
                    throw PinFetchError(.usage, "one HOST[:PORT] only; '\(argument)' is extra")
                }
                endpoint = argument
            }
        }
        guard let endpoint else { throw PinFetchError(.usage, "HOST[:PORT] is missing") }
        (host, port) = try Self.splitEndpoint(endpoint)
        self.serverName = serverName
        self.caFile = caFile
    }

    /// Splits `host`, `host:port`, `[v6]` or `[v6]:port`; a bare IPv6 literal (two or more
    /// colons, no brackets) is a host without a port.
    static func splitEndpoint(_ text: String) throws(PinFetchError) -> (host: String, port: UInt16) {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw PinFetchError(.usage, "'\(text)' opens '[' without closing it; write [::1]:443")
            }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw PinFetchError(.usage, "'\(text)': expected ':PORT' after ']'") }
                portText = rest.dropFirst()
            }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = text[...]
        }
        guard !host.isEmpty else { throw PinFetchError(.usage, "'\(text)' has no host") }
        var port: UInt16 = 443
        if let portText {
            guard let parsed = UInt16(portText), parsed > 0 else {
                throw PinFetchError(.usage, "'\(portText)' is not a port (1-65535)")
            }
            port = parsed
        }
        return (String(host), port)
    }
}
