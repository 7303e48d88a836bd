/// Why the bytes of an attestation extension are not a KeyDescription this parser accepts:
/// broken DER, a structure that is not Android's schema, an unknown AuthorizationList tag,
/// or an attestation version it does not know.
///
/// The ``offset`` points at the byte to look at, counted from the start of the extension
/// value, when there is one.
public struct KeyDescriptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was expected and what was found.
    public let reason: String
    /// Where, from the start of the extension value; nil when the whole value is at fault.
    public let offset: Int?

    /// An error explained by `reason`, at `offset` when known.
    public init(_ reason: String, at offset: Int? = nil) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        offset.map { "KeyDescription: \(reason) (byte \($0))" } ?? "KeyDescription: \(reason)"
    }
}
