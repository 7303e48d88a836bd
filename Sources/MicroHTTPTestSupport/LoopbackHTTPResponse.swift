import Foundation

/// A response read off the wire by ``LoopbackHTTPClient``.
public struct LoopbackHTTPResponse: Sendable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// The header fields in the order received, names as sent by the server.
    public var headers: [(name: String, value: String)]
    /// The body, already de-chunked for `Transfer-Encoding: chunked`.
    public var body: Data

    /// A response with `status`, `headers` in the order received and a de-chunked `body`.
    public init(status: Int, headers: [(name: String, value: String)], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body decoded as UTF-8.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
