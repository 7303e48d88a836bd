#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over UTF-8 bytes with libc's `memchr` and `memcmp` (`memmem` is a GNU
/// extension Glibc's module does not export). With Foundation imported,
/// `String.contains(_:)` on Linux goes through `NSString` and was most of the audit's
/// time; rules and the trigger pre-check use this instead.
public enum ByteSearch {
    /// Whether `needle` occurs in `haystack` (byte-wise, case-sensitive).
    public static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { hay in
            needle.withUTF8 { pin in
                guard !pin.isEmpty else { return true }
                guard pin.count <= hay.count, let hayBase = hay.baseAddress, let pinBase = pin.baseAddress else { return false }
                let first = Int32(pinBase[0])
                var offset = 0
                let lastStart = hay.count - pin.count
                while offset <= lastStart {
                    guard let found = memchr(hayBase + offset, first, lastStart - offset + 1) else { return false }
                    let position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - hayBase
                    if memcmp(hayBase + position, pinBase, pin.count) == 0 { return true }
                    offset = position + 1
                }
                return false
            }
        }
    }

    /// Whether any of `needles` occurs in `haystack`.
    public static func containsAny(_ haystack: String, _ needles: [String]) -> Bool {
        needles.contains { contains(haystack, $0) }
    }

    /// Whether `needle` (lower-case ASCII) occurs in `haystack` with ASCII letters
    /// compared case-insensitively: `lowercased()` without copying the text.
    public static func containsIgnoringCase(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        let pin = Array(needle.utf8)
        guard let first = pin.first else { return true }
        let upperFirst = first >= 0x61 && first <= 0x7A ? first - 0x20 : first
        return haystack.withUTF8 { hay in
            guard pin.count <= hay.count else { return false }
            var offset = 0
            let lastStart = hay.count - pin.count
            while offset <= lastStart {
                let byte = hay[offset]
                if byte == first || byte == upperFirst {
                    var matched = 1
                    while matched < pin.count {
                        var candidate = hay[offset + matched]
                        if candidate >= 0x41 && candidate <= 0x5A { candidate += 0x20 }
                        guard candidate == pin[matched] else { break }
                        matched += 1
                    }
                    if matched == pin.count { return true }
                }
                offset += 1
            }
            return false
        }
    }

    /// Whether `bytes` ends with the ASCII `suffix`, ignoring ASCII case (`suffix` in
    /// lower case).
    package static func hasSuffixIgnoringCase(_ bytes: Substring.UTF8View, _ suffix: String) -> Bool {
        let tail = suffix.utf8
        guard bytes.count >= tail.count else { return false }
        return zip(bytes.suffix(tail.count), tail).allSatisfy { byte, lower in
            byte == lower || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte + 0x20 == lower)
        }
    }

    /// Whether `needle` occurs in `haystack` not followed by a letter, digit or underscore:
    /// `.always` in `accessibility: .always`, not in `.alwaysKept`.
    package static func containsWord(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        let pin = Array(needle.utf8)
        return haystack.withUTF8 { hay in
            guard !pin.isEmpty, pin.count <= hay.count else { return false }
            var offset = 0
            while offset + pin.count <= hay.count {
                if hay[offset] == pin[0], (1..<pin.count).allSatisfy({ hay[offset + $0] == pin[$0] }) {
                    let after = offset + pin.count
                    guard after < hay.count else { return true }
                    if !SwiftTokens.isIdentifierPart(hay[after]) { return true }
                }
                offset += 1
            }
            return false
        }
    }
}
