/// A method and path pattern registered with a ``Router``.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The method.
    public let method: HTTPMethod
    /// The path pattern, such as `/v1/enrollments/{id}/complete`.
    public let pattern: RoutePattern

    /// `POST /v1/enrollments/{id}/complete`.
    public var description: String { "\(method) \(pattern)" }
}

/// Answers a request matched by a ``Router``, given the captured path parameters.
public typealias RouteHandler = @Sendable (HTTPRequest, PathParameters) -> HTTPResponse

/// The outcome of looking a request up in a ``Router``.
public enum RouteResolution: Sendable, Equatable {
    /// A route matched, capturing these parameters.
    case matched(Route, PathParameters)
    /// No route has a pattern matching the path.
    case notFound
    /// Some route matches the path, but none for this method; `allowed` lists those that do.
    case methodNotAllowed(allowed: [HTTPMethod])
}

/// Dispatches requests to handlers by method and path pattern.
///
/// Routes are tried in registration order. `HEAD` falls back to the `GET` route.
/// Unmatched paths get a 404 problem; known paths with another method get a 405
/// problem with an `Allow` header.
///
/// ```swift
/// var router = Router()
/// router.add("POST /v1/enrollments/{id}/complete") { request, parameters in
///     .text("completing \(parameters["id"] ?? "")")
/// }
/// let handler = router.handler
/// ```
public struct Router: Sendable {
    private var entries: [(route: Route, handler: RouteHandler)] = []

    /// Creates an empty router.
    public init() {}

    /// Every registered route, in registration order (for example to check them against
    /// an OpenAPI document).
    public var registeredRoutes: [Route] {
        entries.map(\.route)
    }

    /// Registers `handler` for `method` and `pattern`.
    ///
    /// - Precondition: `pattern` is a valid ``RoutePattern`` and the route is not already registered.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, handler: @escaping RouteHandler) {
        guard let parsed = RoutePattern(pattern) else {
            preconditionFailure("invalid route pattern \"\(pattern)\": start with /, use {name} for whole segments")
        }
        let route = Route(method: method, pattern: parsed)
        precondition(!entries.contains { $0.route == route }, "route \(route) is registered twice")
        entries.append((route, handler))
    }

    /// Registers `handler` for a route written as `"METHOD /pattern"`, such as
    /// `"POST /v1/enrollments/{id}/complete"`.
    ///
    /// - Precondition: `route` is a method, one space and a valid ``RoutePattern``.
    public mutating func add(_ route: String, handler: @escaping RouteHandler) {
        let parts = route.split(separator: " ", omittingEmptySubsequences: false)
        precondition(parts.count == 2 && !parts[0].isEmpty, "write routes as \"METHOD /path\", not \"\(route)\"")
        add(HTTPMethod(rawValue: String(parts[0])), String(parts[1]), handler: handler)
    }

    /// Looks up the route for `method` and `path`.
    public func resolve(_ method: HTTPMethod, path: String) -> RouteResolution {
        switch lookup(method, path: path) {
        case .found(let index, let parameters): .matched(entries[index].route, parameters)
        case .notFound: .notFound
        case .methodNotAllowed(let allowed): .methodNotAllowed(allowed: allowed)
        }
    }

    /// Answers `request` with the matching route's handler, or a 404 / 405 problem.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        respondNamingRoute(to: request).response
    }

    /// Answers `request` as ``respond(to:)`` does, and names the route that answered
    /// (`nil` for a 404 or 405), for metrics and logs labelled by route template.
    ///
    /// `around` runs the matched route's handler (its second argument) knowing the route
    /// first, for context the handler's work should see (a request's log fields); by
    /// default it only runs it. The route is looked up once either way.
    public func respondNamingRoute(
        to request: HTTPRequest, around: (Route, () -> HTTPResponse) -> HTTPResponse = { _, respond in respond() }
    ) -> (route: Route?, response: HTTPResponse) {
        switch lookup(request.method, path: request.path) {
        case .found(let index, let parameters):
            let entry = entries[index]
            return (entry.route, around(entry.route) { entry.handler(request, parameters) })
        case .notFound:
            return (nil, .problem(.notFound))
        case .methodNotAllowed(let allowed):
            var response = HTTPResponse.problem(.methodNotAllowed)
            response.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
            return (nil, response)
        }
    }

    /// This router as a server handler.
    public var handler: HTTPHandler {
        let router = self
        return { request in router.respond(to: request) }
    }

    private enum Lookup {
        case found(Int, PathParameters)
        case notFound
        case methodNotAllowed([HTTPMethod])
    }

    private func lookup(_ method: HTTPMethod, path: String) -> Lookup {
        guard let parts = RoutePattern.segments(of: path) else { return .notFound }
        var allowed: [HTTPMethod] = []
        var getFallback: (Int, PathParameters)?
        for (index, entry) in entries.enumerated() {
            guard let parameters = entry.route.pattern.match(segments: parts) else { continue }
            if entry.route.method == method {
                return .found(index, parameters)
            }
            if method == .head, entry.route.method == .get, getFallback == nil {
                getFallback = (index, parameters)
            }
            if !allowed.contains(entry.route.method) {
                allowed.append(entry.route.method)
            }
        }
        if let (index, parameters) = getFallback {
            return .found(index, parameters)
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
