import AuditKit

/// Hosts a request to which never leaves the device or the local network, and the names
/// RFC 2606 and RFC 6761 reserve for documentation and testing: a development server's or
/// a placeholder, never resolved on the internet. Shared by the clear-text URL and App
/// Transport Security rules, so they agree on what "local" means.
enum LocalHosts {
    /// `localhost`, `127.x.x.x`, `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Private, link-local and unspecified addresses (10/8, 172.16/12, 192.168/16,
    /// 169.254/16, 0.0.0.0) and reserved top-level names (`.local`, `.localhost`, `.test`,
    /// `.example`, `.invalid`).
    static func isPrivateOrReserved(_ host: String) -> Bool {
        let host = host.lowercased()
        let reserved = ["local", "localhost", "test", "example", "invalid"]
        if reserved.contains(where: { host == $0 || host.hasSuffix("." + $0) }) { return true }
        if host == "0.0.0.0" || host.hasPrefix("10.") || host.hasPrefix("192.168.") || host.hasPrefix("169.254.") { return true }
        if host.hasPrefix("172."), let second = host.split(separator: ".").dropFirst().first.flatMap({ Int($0) }), (16...31).contains(second) { return true }
        return false
    }

    /// `example.com`, `example.org`, `example.net` and their subdomains: the names
    /// documentation uses for a placeholder URL.
    static func isDocumentationDomain(_ host: String) -> Bool {
        let host = host.lowercased()
        return ["example.com", "example.org", "example.net"].contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
