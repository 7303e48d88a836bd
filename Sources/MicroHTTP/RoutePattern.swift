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
        guard pattern.unicodeScalars.first == "/" else { return nil }
        var segments: [Segment] = []
        var names: Set<String> = []
        for scalars in pattern.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let part = String(String.UnicodeScalarView(scalars))
            if scalars.first == "{" && scalars.last == "}" && scalars.count >= 2 {
                let name = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
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
    ///
    /// Segments are split and compared on Unicode scalars, not `Character`s: a `/` followed
    /// by a combining mark is one grapheme cluster, and splitting on `Character` would let
    /// a parameter capture a slash (found by the HTTPRequest fuzz harness). Literals match
    /// scalar for scalar, never by canonical equivalence.
    public func match(_ path: String) -> PathParameters? {
        Self.segments(of: path).flatMap(match(segments:))
    }

    /// The segments of `path` (after its leading `/`, split on every `/`), or `nil` when it
    /// does not start with `/`: split once per request and matched against every pattern.
    static func segments(of path: String) -> [Substring.UnicodeScalarView]? {
        let scalars = path.unicodeScalars
        guard scalars.first == "/" else { return nil }
        return scalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    }

    /// ``match(_:)`` for a path already split by ``segments(of:)``.
    func match(segments parts: [Substring.UnicodeScalarView]) -> PathParameters? {
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard part.elementsEqual(text.unicodeScalars) else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                values[name] = String(String.UnicodeScalarView(part))
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
