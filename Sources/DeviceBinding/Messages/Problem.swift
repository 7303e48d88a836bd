/// An `application/problem+json` error body (RFC 9457) with the stable ``ProblemCode``.
public struct Problem: Codable, Hashable, Sendable, Error {
    /// The media type of a problem body.
    public static let mediaType = "application/problem+json"

    /// A URI naming the problem type: `urn:devicetrust:problem:<code>`.
    public var type: String
    /// A short summary of the problem type.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// The stable machine-readable code.
    public var code: ProblemCode
    /// An explanation of this occurrence. Must not carry secrets, tokens, PINs, keys,
    /// signatures or request bodies.
    public var detail: String?
    /// For ``ProblemCode/pinInvalid``: wrong PINs left before the device is revoked.
    public var attemptsRemaining: Int?

    /// The problem for `code`, with its type, title and status filled in.
    public init(code: ProblemCode, detail: String? = nil, attemptsRemaining: Int? = nil) {
        self.type = code.typeURI
        self.title = code.title
        self.status = code.httpStatus
        self.code = code
        self.detail = detail
        self.attemptsRemaining = attemptsRemaining
    }
}
