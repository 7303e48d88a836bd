import Foundation
import Testing
import MicroHTTP

@Suite("Router")
struct RouterTests {
    static func makeRouter() -> Router {
        var router = Router()
        router.add("POST /v1/enrollments") { _, _ in .text("create", status: 201) }
        router.add("POST /v1/enrollments/{enrollmentId}/complete") { _, parameters in
            .text("complete \(parameters["enrollmentId"] ?? "?")", status: 201)
        }
        router.add(.get, "/v1/accounts/{accountId}/devices") { _, parameters in
            .text("devices of \(parameters["accountId"] ?? "?")")
        }
        router.add(.delete, "/v1/devices/{deviceId}") { _, _ in .noContent }
        router.add(.get, "/healthz") { _, _ in .text("ok") }
        return router
    }

    @Test func registeredRoutesListMethodAndPatternInOrder() {
        let routes = Self.makeRouter().registeredRoutes.map(\.description)
        #expect(
            routes == [
                "POST /v1/enrollments",
                "POST /v1/enrollments/{enrollmentId}/complete",
                "GET /v1/accounts/{accountId}/devices",
                "DELETE /v1/devices/{deviceId}",
                "GET /healthz",
            ])
        #expect(Self.makeRouter().registeredRoutes[1].method == .post)
        #expect(Self.makeRouter().registeredRoutes[1].pattern.description == "/v1/enrollments/{enrollmentId}/complete")
    }

    @Test func matchCapturesPathParameters() {
        let resolution = Self.makeRouter().resolve(.post, path: "/v1/enrollments/abc-123/complete")
        guard case .matched(let route, let parameters) = resolution else {
            Issue.record("expected a match, got \(resolution)")
            return
        }
        #expect(route.description == "POST /v1/enrollments/{enrollmentId}/complete")
        #expect(parameters == PathParameters(["enrollmentId": "abc-123"]))
        #expect(parameters["missing"] == nil)
    }

    @Test(arguments: [
        "/v1/enrollments/abc/complete/",
        "/v1/enrollments//complete",
        "/v1/enrollments/abc",
        "/V1/enrollments",
        "/nope",
        "",
        "v1/enrollments",
    ])
    func unmatchedPathsAreNotFound(path: String) {
        #expect(Self.makeRouter().resolve(.post, path: path) == .notFound)
    }

    @Test func knownPathWithOtherMethodIsMethodNotAllowed() {
        let router = Self.makeRouter()
        #expect(router.resolve(.get, path: "/v1/enrollments") == .methodNotAllowed(allowed: [.post]))
        let response = router.respond(to: HTTPRequest(method: .put, path: "/v1/devices/d1"))
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "DELETE")
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"type":"about:blank","title":"Method Not Allowed","status":405,"code":"method_not_allowed"}"#)
    }

    @Test func notFoundIsAProblem() {
        let response = Self.makeRouter().respond(to: HTTPRequest(method: .get, path: "/missing"))
        #expect(response.status == 404)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"type":"about:blank","title":"Not Found","status":404,"code":"not_found"}"#)
    }

    @Test func respondRunsTheMatchingHandler() {
        let response = Self.makeRouter().respond(to: HTTPRequest(method: .post, path: "/v1/enrollments/e1/complete"))
        #expect(response.status == 201)
        #expect(response.body == Data("complete e1".utf8))
    }

    @Test func headFallsBackToGet() {
        let response = Self.makeRouter().respond(to: HTTPRequest(method: .head, path: "/healthz"))
        #expect(response.status == 200)
    }

    @Test func firstRegisteredRouteWins() {
        var router = Router()
        router.add(.get, "/items/special") { _, _ in .text("literal") }
        router.add(.get, "/items/{id}") { _, parameters in .text("id \(parameters["id"] ?? "")") }
        #expect(router.respond(to: HTTPRequest(method: .get, path: "/items/special")).body == Data("literal".utf8))
        #expect(router.respond(to: HTTPRequest(method: .get, path: "/items/7")).body == Data("id 7".utf8))
    }

    @Test(arguments: ["", "no-slash", "/a/{}", "/a/{id}/{id}", "/a/x{id}", "/a/{i{d}"])
    func invalidPatternsAreRejected(pattern: String) {
        #expect(RoutePattern(pattern) == nil)
    }

    @Test func rootAndTrailingSlashPatterns() {
        #expect(RoutePattern("/")?.match("/") == PathParameters())
        #expect(RoutePattern("/")?.match("/a") == nil)
        #expect(RoutePattern("/a/")?.match("/a/") == PathParameters())
        #expect(RoutePattern("/a/")?.match("/a") == nil)
    }

    @Test("respondNamingRoute names the route template that answered (HEAD: the GET route), nil for 404 and 405")
    func respondNamingRoute() {
        let router = Self.makeRouter()
        let matched = router.respondNamingRoute(to: HTTPRequest(method: .post, path: "/v1/enrollments/e1/complete"))
        #expect(matched.route?.description == "POST /v1/enrollments/{enrollmentId}/complete")
        #expect(matched.response.status == 201)
        #expect(router.respondNamingRoute(to: HTTPRequest(method: .head, path: "/healthz")).route?.description == "GET /healthz")
        let missing = router.respondNamingRoute(to: HTTPRequest(method: .get, path: "/missing"))
        #expect(missing.route == nil && missing.response.status == 404)
        let wrongMethod = router.respondNamingRoute(to: HTTPRequest(method: .put, path: "/healthz"))
        #expect(wrongMethod.route == nil && wrongMethod.response.status == 405)
    }
}
