/// A message whose JSON is one flat object of strings and small integers, so that
/// ``WireCoding/encode(_:)`` writes it with the RFC 8785 serializer
/// (``JSONValue/canonicalData()``) instead of `JSONEncoder`: for such an object both write
/// the same bytes (members sorted by name, no whitespace, slashes unescaped), and the
/// serializer costs a fraction of the encoder on the server's hot path.
protocol FlatWireMessage: Encodable {
    /// The members, exactly as `Encodable` would encode them; `nil` when a value falls
    /// outside what the serializer writes like `JSONEncoder` (an integer beyond ±2^53).
    var wireMembers: [String: JSONValue]? { get }
}

extension JSONValue {
    /// An integer as a JSON number, or `nil` beyond ±2^53, where a `Double` would round it.
    static func exactInteger(_ value: Int) -> JSONValue? {
        value.magnitude <= 1 << 53 ? .number(Double(value)) : nil
    }
}

extension ChallengeCreated: FlatWireMessage {
    var wireMembers: [String: JSONValue]? {
        ["challengeId": .string(challengeId), "expiresAt": .string(expiresAt.description), "signingPayload": .string(signingPayload)]
    }
}

extension TokenResponse: FlatWireMessage {
    var wireMembers: [String: JSONValue]? {
        guard let expires = JSONValue.exactInteger(expiresIn) else { return nil }
        return ["accessToken": .string(accessToken), "expiresIn": expires, "tokenType": .string(tokenType)]
    }
}
