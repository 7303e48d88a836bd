/// A path pattern such as `/v1/enrollments/{id}/complete`: literal segments match
/// exactly, `{name}` segments match any one non-empty segment and capture it.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]

    /// The pattern as written.
    public let description: String

    /// Parses a pattern, or returns `nil` when it does not start with `/`, has an empty
    /// or repeated parameter name, or mixes braces with text inside one segment.
    public init?(_ pattern: String) {
        guard pattern.hasPrefix("/") else { return nil }
        var segments: [Segment] = []
        var names: Set<String> = []
        for part in pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if part.hasPrefix("{") && part.hasSuffix("}") && part.count >= 2 {
                let name = String(part.dropFirst().dropLast())
                guard !name.isEmpty, !name.contains("{"), !name.contains("}"), names.insert(name).inserted else {
                    return nil
                }
                segments.append(.parameter(name))
            } else {
                guard !part.contains("{"), !part.contains("}") else { return nil }
                segments.append(.literal(String(part)))
            }
        }
        self.segments = segments
        self.description = pattern
    }

    /// The parameters captured from `path`, or `nil` when `path` does not match.
    public func match(_ path: String) -> PathParameters? {
        guard path.hasPrefix("/") else { return nil }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                values[name] = String(part)
            }
        }
        return PathParameters(values)
    }
}

/// The values captured by a ``RoutePattern``'s `{name}` segments.
public struct PathParameters: Sendable, Equatable {
    /// Every captured value by parameter name.
    public let values: [String: String]

    /// Creates parameters (mostly for tests).
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value captured for `{name}`, if the pattern has that parameter.
    public subscript(name: String) -> String? {
        values[name]
    }
}
