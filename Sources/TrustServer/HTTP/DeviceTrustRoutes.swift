import DeviceBinding
import Foundation
import MicroHTTP

/// The DeviceTrust HTTP API: every route of the contract over a ``DeviceTrustService``.
///
/// | route | who |
/// |---|---|
/// | `POST /v1/enrollments` | admin |
/// | `POST /v1/enrollments/{enrollmentId}/complete` | device |
/// | `POST /v1/challenges` | device or admin (no credential) |
/// | `POST /v1/challenges/{challengeId}/response` | device |
/// | `POST /v1/tokens/redeem` | admin (the relying backend) |
/// | `GET /v1/accounts/{accountId}/devices` | admin |
/// | `DELETE /v1/devices/{deviceId}` | admin |
/// | `GET /.well-known/jwks.json`, `GET /healthz`, `GET /readyz`, `GET /metrics` | anyone |
///
/// `GET /healthz` answers 200 while the process runs; `GET /readyz` answers 200 only while
/// the database answers too, else 503 `service_unavailable` with `Retry-After`.
///
/// Admin routes need `Authorization: Bearer <admin key>`; without it they answer 401
/// `unauthorized` before reading the body. Errors are `application/problem+json` with the
/// stable `code`.
public enum DeviceTrustRoutes {
    /// A router serving `service`, guarding admin routes with `adminKey`.
    public static func router(service: DeviceTrustService, adminKey: AdminAPIKey, log: ServiceLog = .discard) -> Router {
        var router = Router()
        let unauthorized = HTTPResponse.problem(
            HTTPProblem(
                Problem(
                    code: .unauthorized, detail: "send the admin API key as Authorization: Bearer <key>")))

        func admin(_ route: String, _ work: @escaping @Sendable (HTTPRequest, PathParameters) throws -> HTTPResponse) {
            router.add(route) { request, parameters in
                guard adminKey.authorizes(request.headers["Authorization"]) else {
                    service.noteRefusal(route, code: .unauthorized, reason: "no valid admin API key")
                    return unauthorized
                }
                return answering(route, log: log) { try work(request, parameters) }
            }
        }
        func open(_ route: String, _ work: @escaping @Sendable (HTTPRequest, PathParameters) throws -> HTTPResponse) {
            router.add(route) { request, parameters in
                answering(route, log: log) { try work(request, parameters) }
            }
        }

        admin("POST /v1/enrollments") { request, _ in
            let body = try request.decodedBody(EnrollmentRequest.self)
            return try json(service.createEnrollment(accountId: body.accountId), status: 201)
        }
        open("POST /v1/enrollments/{enrollmentId}/complete") { request, parameters in
            let body = try request.decodedBody(EnrollmentCompletion.self)
            return try json(service.completeEnrollment(id: parameters["enrollmentId"] ?? "", body), status: 201)
        }
        open("POST /v1/challenges") { request, _ in
            let body = try request.decodedBody(ChallengeRequest.self)
            return try json(service.createChallenge(body), status: 201)
        }
        open("POST /v1/challenges/{challengeId}/response") { request, parameters in
            let challengeId = parameters["challengeId"] ?? ""
            let body: ChallengeResponse
            do {
                body = try request.decodedBody(ChallengeResponse.self)
            } catch {
                // A response that cannot even be read still uses up the challenge: the
                // first response consumes it, valid or not.
                try? service.discardChallenge(id: challengeId)
                throw error
            }
            guard let token = try service.respond(challengeId: challengeId, body) else { return .noContent }
            return try json(token, status: 200)
        }
        admin("POST /v1/tokens/redeem") { request, _ in
            let body = try request.decodedBody(TokenRedemptionRequest.self)
            let claims = try service.redeemToken(body.accessToken)
            return .json(data: Data(#"{"claims":\#(claims.canonicalJSON)}"#.utf8))
        }
        admin("GET /v1/accounts/{accountId}/devices") { _, parameters in
            try json(service.listDevices(accountId: parameters["accountId"] ?? ""), status: 200)
        }
        admin("DELETE /v1/devices/{deviceId}") { _, parameters in
            try service.revokeDevice(id: parameters["deviceId"] ?? "")
            return .noContent
        }
        open("GET /.well-known/jwks.json") { _, _ in
            var response = HTTPResponse.json(data: service.jwks())
            response.headers["Cache-Control"] = "public, max-age=300"
            return response
        }
        open("GET /healthz") { _, _ in
            .json(data: Data(#"{"status":"ok"}"#.utf8))
        }
        open("GET /readyz") { _, _ in
            try service.checkReadiness()
            return .json(data: Data(#"{"status":"ready"}"#.utf8))
        }
        open("GET /metrics") { _, _ in
            HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Data(service.metrics.prometheusText().utf8))
        }
        return router
    }

    /// The `route` label of requests no route matched (404, 405).
    public static let unmatchedRoute = "unmatched"

    /// A handler that refuses clients over `perAddress` with 429 `rate_limited`, answers
    /// the rest with `router`, and for every answer: counts it by status, times it in
    /// `devicetrust_http_request_duration_seconds` by route template and status, sets
    /// `X-Request-Id` (the client's, when it is 1–128 of `A–Z a–z 0–9 . _ : -`, else a new
    /// one), and writes its line to a JSON `log` (a text log gets none).
    public static func handler(_ router: Router, metrics: ServiceMetrics, perAddress: RateLimiter, log: ServiceLog = .discard) -> HTTPHandler {
        metrics.describe("devicetrust_http_responses_total", "HTTP responses, by status code.")
        metrics.describeHistogram(durationMetric, "HTTP requests, by route template and status, in seconds.")
        var limited = HTTPResponse.problem(HTTPProblem(Problem(code: .rateLimited, detail: "too many requests from this address; retry in a moment")))
        limited.headers["Retry-After"] = "1"
        let rateLimited = limited
        return { request in
            let start = DispatchTime.now().uptimeNanoseconds
            let requestID = RequestID.accepting(request.headers[RequestID.header])
            var route: String?
            var response: HTTPResponse
            if perAddress.allows(request.remoteAddress) {
                let answer = router.respondNamingRoute(to: request) { matched, respond in
                    // A JSON log's security events carry the request's id and route.
                    guard log.isStructured else { return respond() }
                    return ServiceLog.$currentRequest.withValue(.init(requestID: requestID, route: matched.description), operation: respond)
                }
                route = answer.route?.description
                response = answer.response
            } else {
                metrics.increment(.init("devicetrust_refusals_total", label: ("code", ProblemCode.rateLimited.rawValue)))
                route = router.resolveRoute(request)
                response = rateLimited
            }
            response.headers[RequestID.header] = requestID
            let status = String(response.status)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            metrics.increment(.init("devicetrust_http_responses_total", label: ("status", status)))
            metrics.observe(.init(durationMetric, labels: [("route", route ?? unmatchedRoute), ("status", status)]), seconds: Double(elapsed) / 1e9)
            log.request(id: requestID, route: route ?? unmatchedRoute, method: request.method.rawValue, status: response.status, nanoseconds: elapsed)
            return response
        }
    }

    /// `devicetrust_http_request_duration_seconds`.
    static let durationMetric = "devicetrust_http_request_duration_seconds"

    private static func json<T: Encodable>(_ value: T, status: Int) throws -> HTTPResponse {
        do {
            return .json(data: try WireCoding.encode(value), status: status)
        } catch {
            throw ServiceFailure(.internal, "encoding a \(T.self) failed")
        }
    }
}

extension Router {
    /// The template (`POST /v1/challenges/{challengeId}/response`) of the route that answers
    /// `request`, or `nil` when none does.
    fileprivate func resolveRoute(_ request: HTTPRequest) -> String? {
        if case .matched(let route, _) = resolve(request.method, path: request.path) { return route.description }
        return nil
    }
}
