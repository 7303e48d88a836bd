import Foundation

/// One `name=value` item of a request's query string, percent-decoded.
public struct HTTPQueryItem: Sendable, Equatable {
    /// The item's name.
    public var name: String
    /// The item's value, or `nil` when the item had no `=`.
    public var value: String?

    /// Creates a query item.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

/// A complete HTTP request as handed to an ``HTTPHandler``.
public struct HTTPRequest: Sendable, Equatable {
    /// The request method.
    public var method: HTTPMethod
    /// The percent-decoded path, without the query string (for example `/v1/devices/abc`).
    public var path: String
    /// The query items, percent-decoded, in order.
    public var queryItems: [HTTPQueryItem]
    /// The request headers; lookups ignore case.
    public var headers: HTTPHeaders
    /// The request body (empty when there was none). Never log it.
    public var body: Data
    /// The peer's numeric IP address, such as `127.0.0.1`; empty when unknown.
    public var remoteAddress: String

    /// Creates a request (the server does this; tests may too).
    public init(
        method: HTTPMethod,
        path: String,
        queryItems: [HTTPQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        remoteAddress: String = ""
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The value of the first query item named `name`, if any.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}

/// A function that answers a request. The server calls it on one of its own threads,
/// concurrently for different connections, so it must be thread-safe and should not block long.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse
