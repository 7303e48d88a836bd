import Foundation

/// An HTTP response: status, headers and a body that is sent as is.
///
/// `Content-Length` is computed by the server; a `Content-Length` header set here is ignored.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, such as 200 or 404.
    public var status: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The response body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Data(text.utf8)
        )
    }

    /// An `application/json` response with `value` encoded by `encoder`.
    ///
    /// - Throws: whatever `encoder` throws for `value`.
    public static func json<Value: Encodable>(
        _ value: Value,
        status: Int = 200,
        encoder: JSONEncoder = JSONEncoder()
    ) throws -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: ["Content-Type": "application/json"],
            body: try encoder.encode(value)
        )
    }

    /// An `application/json` response whose body is already-encoded JSON.
    public static func json(data: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: data)
    }

    /// An `application/problem+json` response (RFC 9457) carrying `problem`,
    /// with the problem's own status.
    public static func problem(_ problem: HTTPProblem) -> HTTPResponse {
        HTTPResponse(
            status: problem.status,
            headers: ["Content-Type": HTTPProblem.mediaType],
            body: problem.jsonData
        )
    }

    /// 204 No Content.
    public static let noContent = HTTPResponse(status: 204)

    /// 413 with the ``HTTPProblem/payloadTooLarge`` problem.
    public static let payloadTooLarge = HTTPResponse.problem(.payloadTooLarge)
}
