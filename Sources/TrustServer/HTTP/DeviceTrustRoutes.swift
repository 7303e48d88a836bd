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
                    log("\(route) refused: unauthorized")
                    service.metrics.increment(.init("devicetrust_refusals_total", label: ("code", ProblemCode.unauthorized.rawValue)))
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

    /// A handler that refuses clients over `perAddress` with 429 `rate_limited`, answers
    /// the rest with `router`, and counts every answer by status.
    public static func handler(_ router: Router, metrics: ServiceMetrics, perAddress: RateLimiter) -> HTTPHandler {
        metrics.describe("devicetrust_http_responses_total", "HTTP responses, by status code.")
        var limited = HTTPResponse.problem(HTTPProblem(Problem(code: .rateLimited, detail: "too many requests from this address; retry in a moment")))
        limited.headers["Retry-After"] = "1"
        let rateLimited = limited
        return { request in
            let response: HTTPResponse
            if perAddress.allows(request.remoteAddress) {
                response = router.respond(to: request)
            } else {
                metrics.increment(.init("devicetrust_refusals_total", label: ("code", ProblemCode.rateLimited.rawValue)))
                response = rateLimited
            }
            metrics.increment(.init("devicetrust_http_responses_total", label: ("status", String(response.status))))
            return response
        }
    }

    private static func json<T: Encodable>(_ value: T, status: Int) throws -> HTTPResponse {
        do {
            return .json(data: try WireCoding.encode(value), status: status)
        } catch {
            throw ServiceFailure(.internal, "encoding a \(T.self) failed")
        }
    }
}
