import Foundation

/// What the server presented and what OpenSSL thought of it.
struct PinFetchResult {
    /// The presented chain as DER, leaf first, in the order the server sent it.
    var chain: [Data]
    /// Whether OpenSSL verified the chain to a trusted root and the name matched.
    var isVerified: Bool
    /// OpenSSL's reason when ``isVerified`` is false.
    var failureReason: String?
    /// The name checked against the leaf.
    var verifiedName: String
}
