/// Host-name rules shared by pin-set domains and the hosts being evaluated: compared
/// case-insensitively, a trailing dot ignored, subdomains matched on label boundaries.
enum HostName {
    /// `text` lowercased with one trailing dot removed, when it is a bare DNS name (or an
    /// IPv4 address): ASCII letters, digits, `-` and `_` in non-empty labels of at most 63
    /// characters, 253 in all. `nil` for anything else: a scheme, port, path, wildcard,
    /// whitespace, an IPv6 literal or a non-ASCII (not yet punycoded) name.
    static func normalized(_ text: String) -> String? {
        var name = text.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, name.utf8.count <= 253 else { return nil }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63 else { return nil }
            guard label.utf8.allSatisfy(isAllowed) else { return nil }
        }
        return name
    }

    /// Whether `host` lies strictly below `domain` (both normalised): `api.example.test`
    /// is under `example.test`, `evilexample.test` is not.
    static func isStrictSubdomain(_ host: String, of domain: String) -> Bool {
        host.hasSuffix("." + domain)
    }

    /// Whether `text` looks like an IPv6 literal (which no pin set can name).
    static func isIPv6Literal(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.filter({ $0 == ":" }).count >= 2 else { return false }
        return scalars.allSatisfy { $0.properties.isASCIIHexDigit || ":.[]%".unicodeScalars.contains($0) }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
