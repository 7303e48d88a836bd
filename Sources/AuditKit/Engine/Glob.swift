/// A path pattern for `--exclude`: `*` and `?` within one path component, `**` across
/// components. A pattern without `/` matches any single component (`Generated` skips
/// every folder of that name, `*.generated.swift` every such file), like `.gitignore`.
public struct Glob: Sendable, Hashable {
    /// The pattern as given.
    public let pattern: String
    private let components: [Substring]
    private let anyComponent: Bool

    /// A glob for `pattern`.
    public init(_ pattern: String) {
        self.pattern = pattern
        let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
        anyComponent = !trimmed.contains("/")
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether `path` (relative, `/`-separated) or any of its parent folders matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if anyComponent, let only = components.first {
            return parts.contains { Self.match(component: only, $0) }
        }
        // A folder pattern excludes what is inside it: try every prefix of the path.
        for end in stride(from: parts.count, through: 1, by: -1) where Self.match(components[...], parts[0..<end]) {
            return true
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            for start in path.indices.lowerBound...path.endIndex where match(rest, path[start...]) { return true }
            return false
        }
        guard let first = path.first, match(component: head, first) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one component, iteratively with backtracking on the last `*`.
    package static func match(component pattern: Substring, _ text: Substring) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
                pi += 1
                ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
