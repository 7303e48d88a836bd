import Foundation
import TrustStore

/// The parts of a `postgres://` URL the benchmark needs, read as libpq reads a connection
/// URI (`postgres://[user[:password]@][host[:port][,…]][/dbname][?param=value&…]`, values
/// percent-encoded), and the variants it derives: one per configuration (its own schema
/// through `search_path`, its own `application_name`), and one without the password for
/// `psql`'s command line.
struct PostgresBenchmarkURL: Equatable {
    /// The URL as given, password included: hand it only to libpq.
    let text: String

    init(_ url: StoreURL) {
        precondition(url.engine == .postgres, "a postgres:// URL")
        text = url.connectionURI ?? ""
    }

    // MARK: Parts

    private var schemeEnd: String.Index { text.range(of: "://")?.upperBound ?? text.startIndex }
    private var authorityEnd: String.Index {
        text[schemeEnd...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? text.endIndex
    }
    private var queryStart: String.Index? { text.firstIndex(of: "?") }

    /// `user[:password]`, if the URL has an `@`.
    private var userInfo: Substring? {
        let authority = text[schemeEnd..<authorityEnd]
        return authority.lastIndex(of: "@").map { authority[..<$0] }
    }

    /// `host[:port][,host[:port]…]`.
    private var hostList: Substring {
        let authority = text[schemeEnd..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return authority }
        return authority[authority.index(after: at)...]
    }

    /// The query parameters as written (still percent-encoded), in order.
    var parameters: [(name: String, value: String)] {
        guard let queryStart else { return [] }
        return text[text.index(after: queryStart)...].split(separator: "&").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (String(pair), "") }
            return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
        }
    }

    private func parameter(_ name: String) -> String? {
        parameters.last { Self.decoded($0.name) == name }.map { Self.decoded($0.value) }
    }

    /// The hosts libpq connects to, percent-decoded: `host=` (or `hostaddr=`) when given,
    /// else the URL's host list; an empty string stands for the default (PGHOST, else the
    /// Unix socket).
    var hosts: [String] {
        for name in ["hostaddr", "host"] {
            if let value = parameter(name) { return value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
        return hostList.split(separator: ",", omittingEmptySubsequences: false).map { entry in
            var host = Substring(entry)
            if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
                host = host[host.index(after: host.startIndex)..<close]
            } else if let colon = host.firstIndex(of: ":") {
                host = host[..<colon]
            }
            return Self.decoded(String(host))
        }
    }

    /// Why this URL does not name a server on this machine, or `nil` when it does: the
    /// benchmark creates and drops schemas and reads the server's processes in /proc, so
    /// only loopback addresses and Unix sockets are accepted. Never contains the password.
    func notOnThisMachine(environment: [String: String]) -> String? {
        let remote = hosts.flatMap { host -> [String] in
            guard host.isEmpty else { return [host] }
            // libpq's default: PGHOSTADDR, then PGHOST, then the Unix socket.
            let fallback = environment["PGHOSTADDR"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["PGHOST"] ?? ""
            return fallback.split(separator: ",").map(String.init)
        }
        .filter { !Self.isLoopback($0) }
        guard !remote.isEmpty else { return nil }
        return "the benchmark only runs against a PostgreSQL server on this machine (127.0.0.1, localhost, ::1 or a Unix socket), "
            + "since it creates and drops schemas there and reads the server's CPU time from /proc; "
            + "\(Self.redacted(text)) names \(remote.map { "'\($0)'" }.joined(separator: ", "))"
    }

    /// Loopback addresses (`127.0.0.0/8`, `::1`, `localhost`) and Unix socket directories.
    static func isLoopback(_ host: String) -> Bool {
        if host.hasPrefix("/") || host.hasPrefix("@") || host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, host, &ipv6) == 1 {
            return withUnsafeBytes(of: &ipv6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        }
        return false
    }

    // MARK: Derived URLs

    /// The URL with `application_name` set to `applicationName`, and added to `options`
    /// (after any options already there): `-c client_min_messages=warning` (the second
    /// node's `CREATE TABLE IF NOT EXISTS` would print a NOTICE on stderr) and, when
    /// `schema` is given, `-c search_path=<schema>`.
    func forConfiguration(schema: String?, applicationName: String) -> String {
        var kept = parameters.filter { Self.decoded($0.name) != "application_name" }
        let addition = Self.encoded("-c client_min_messages=warning" + (schema.map { " -c search_path=\($0)" } ?? ""))
        if let index = kept.lastIndex(where: { Self.decoded($0.name) == "options" }) {
            kept[index].value += "%20" + addition
        } else {
            kept.append(("options", addition))
        }
        kept.append(("application_name", Self.encoded(applicationName)))
        return Self.render(base: base, kept)
    }

    /// The URL without its password (user part and `password=` parameter), and the password
    /// (decoded) if there was one: for `psql`, which gets the password in `PGPASSWORD`.
    var withoutPassword: (url: String, password: String?) {
        var password: String?
        var base = self.base
        if let userInfo, let colon = userInfo.firstIndex(of: ":") {
            password = Self.decoded(String(userInfo[userInfo.index(after: colon)...]))
            let offset = text.distance(from: text.startIndex, to: colon)
            let end = text.distance(from: text.startIndex, to: userInfo.endIndex)
            base = String(base.prefix(offset)) + String(base.dropFirst(end))
        }
        var kept = parameters
        if let index = kept.lastIndex(where: { Self.decoded($0.name) == "password" }) {
            password = Self.decoded(kept[index].value)
        }
        kept.removeAll { Self.decoded($0.name) == "password" }
        return (Self.render(base: base, kept), password)
    }

    /// Everything before the `?`.
    private var base: String { queryStart.map { String(text[..<$0]) } ?? text }

    private static func render(base: String, _ parameters: [(name: String, value: String)]) -> String {
        parameters.isEmpty ? base : base + "?" + parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    static func redacted(_ text: String) -> String {
        (try? StoreURL(parsing: text))?.redacted ?? "(the URL)"
    }

    static func decoded(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    static func encoded(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
