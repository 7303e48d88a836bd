/// What ``PinningPolicy/evaluate(host:chain:systemTrustPassed:)`` decided.
///
/// There is deliberately no "use the default handling" case: for a pinned host the policy
/// either accepts the chain or refuses it.
public enum PinningDecision: Sendable, Equatable {
    /// Go on with the connection.
    case allow
    /// Cancel the connection; `reason` says why (host, pin-set domain; no secrets).
    case reject(reason: String)
}
