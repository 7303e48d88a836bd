/// What the opt-in report callback of ``PinningPolicy`` receives about a chain that did
/// not match its host's pins (or was accepted under an expired pin set).
///
/// Reports go only to the callback the app passes in; the module never sends them
/// anywhere itself.
public struct PinningReport: Sendable {
    /// The host that was evaluated, normalised (lowercase, no trailing dot).
    public let host: String
    /// The pins of the chain's certificates, leaf first (unparsable certificates left out).
    public let chainPins: [String]
    /// Whether the mismatch was enforced (the connection rejected); `false` in report-only
    /// mode and for an expired pin set treated as unpinned.
    public let enforced: Bool

    init(host: String, chainPins: [String], enforced: Bool) {
        self.host = host
        self.chainPins = chainPins
        self.enforced = enforced
    }
}
