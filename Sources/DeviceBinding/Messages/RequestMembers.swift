/// The member names a request body may carry, level by level, so that the server refuses a
/// body with a member it does not define or a member set to `null` instead of ignoring it.
///
/// A misspelt optional member (`"biometrickey"`) would otherwise be dropped silently and the
/// request would mean something other than what the client meant; a `null` would be read as
/// "absent". The OpenAPI document says the same with `additionalProperties: false` and
/// without `null` in any request type.
///
/// Built from a message's `CodingKeys`, so the list cannot drift from what is decoded:
///
/// ```swift
/// RequestMembers(CodingKeys.self, nested: [.deviceKey: .object(KeyRegistration.requestMembers)])
/// ```
public struct RequestMembers: Sendable {
    /// What a member holds, as far as member names are concerned.
    public enum Content: Sendable {
        /// A value whose type the decoder checks: a string, number, boolean or an array of them.
        case value
        /// An object whose member names are checked in turn.
        case object(RequestMembers)
        /// Any JSON value but `null`, its members unchecked (a challenge's `action`, which is
        /// the integrator's own JSON).
        case anyJSON
    }

    /// The allowed member names and what each holds.
    public let members: [String: Content]

    /// The members named by `keys`: each holds a ``Content/value`` unless `nested` says otherwise.
    public init<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type, nested: [Keys: Content] = [:]) where Keys: Hashable {
        var members: [String: Content] = [:]
        for key in Keys.allCases {
            members[key.stringValue] = nested[key] ?? .value
        }
        self.members = members
    }

    /// Checks the member names of `value` (an object; anything else is left to the decoder).
    /// - Throws: ``RequestMemberError`` for a member not listed, or a listed member that is
    ///   `null`.
    public func check(_ value: JSONValue) throws(RequestMemberError) {
        try check(value, path: "")
    }

    private static func path(_ parent: String, _ name: String) -> String { parent.isEmpty ? name : "\(parent).\(name)" }

    private func check(_ value: JSONValue, path: String) throws(RequestMemberError) {
        guard case .object(let object) = value else { return }
        for (name, member) in object {
            guard let content = members[name] else {
                throw RequestMemberError(.unknownMember, path: path)
            }
            // The path is spelled out only where it is needed: an error, or a nested object.
            if case .null = member {
                throw RequestMemberError(.nullMember, path: Self.path(path, name))
            }
            if case .object(let nested) = content {
                try nested.check(member, path: Self.path(path, name))
            }
        }
    }
}

/// A request body has a member the API does not define, or a member set to `null`.
///
/// It names only known members (``path``), never the unknown name or any value, since a
/// body may carry a PIN anywhere.
public struct RequestMemberError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Code: String, Hashable, Sendable {
        /// A member the API does not define.
        case unknownMember
        /// A member set to `null`; optional members are left out instead.
        case nullMember
    }

    /// What was wrong.
    public let code: Code
    /// For ``Code/unknownMember``, the dotted path of the object that holds it (empty: the
    /// body itself); for ``Code/nullMember``, the path of the null member.
    public let path: String

    /// An error of `code` at `path`.
    public init(_ code: Code, path: String) {
        self.code = code
        self.path = path
    }

    /// What was wrong and what to do, e.g. "deviceKey has a member the API does not define;
    /// remove it".
    public var description: String {
        switch code {
        case .unknownMember:
            "\(path.isEmpty ? "the body" : path) has a member the API does not define; remove it (member names are case-sensitive)"
        case .nullMember:
            "\(path) is null; leave an optional member out instead of sending null"
        }
    }
}

/// A request body the server decodes with ``WireCoding/decodeRequest(_:from:)``: its
/// member names are known exactly.
public protocol StrictRequestBody: Decodable {
    /// The member names the body may carry.
    static var requestMembers: RequestMembers { get }
}
