import Foundation
import RepositoryTestSupport
import Testing
@testable import MicroHTTP

/// The seeds of the `HTTPRequest` fuzz harness through the harness's own checks
/// (HTTPRequestFuzzChecks.swift, compiled into the harness by scripts/fuzz.sh).
@Suite("Fuzz corpus replay: HTTPRequest")
struct HTTPRequestFuzzCorpusReplayTests {
    @Test("every seed in Fuzz/HTTPRequest/corpus passes the harness's checks")
    func replay() throws {
        let seeds = try FuzzCorpus.seeds("HTTPRequest")
        try #require(!seeds.isEmpty, "no seeds in Fuzz/HTTPRequest/corpus")
        for seed in seeds {
            do {
                try HTTPRequestFuzz.check(seed.bytes)
            } catch {
                Issue.record("Fuzz/HTTPRequest/corpus/\(seed.name): \(error)")
            }
        }
        // The seeds reach every route, the 404 and 405 answers, and each end of a body.
        let inputs = seeds.compactMap { HTTPRequestFuzz.input($0.bytes) }
        let resolved = inputs.map { HTTPRequestFuzz.router.resolve($0.method, path: $0.path) }
        for route in HTTPRequestFuzz.router.registeredRoutes {
            #expect(resolved.contains { if case .matched(route, _) = $0 { true } else { false } }, "no seed for \(route)")
        }
        #expect(resolved.contains(.notFound))
        #expect(resolved.contains { if case .methodNotAllowed = $0 { true } else { false } })
        #expect(inputs.contains { $0.body.count + $0.drainChunks * HTTPRequestFuzz.drainChunkSize > $0.limit + max($0.limit, 65536) })
    }

    @Test("the harness's route list is DeviceTrustRoutes.router's")
    func routesAreCurrent() throws {
        let source = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("Sources/TrustServer/HTTP/DeviceTrustRoutes.swift"), encoding: .utf8)
        var routes: [String] = []
        for line in source.split(separator: "\n") {
            for opening in ["admin(\"", "open(\""] {
                guard let start = line.range(of: opening), let end = line[start.upperBound...].firstIndex(of: "\"") else { continue }
                routes.append(String(line[start.upperBound..<end]))
            }
        }
        try #require(!routes.isEmpty, "no admin(\"…\") or open(\"…\") routes found in DeviceTrustRoutes.swift")
        #expect(routes == HTTPRequestFuzz.deviceTrustRoutes, "update HTTPRequestFuzz.deviceTrustRoutes")
    }

    /// Found by the harness: RoutePattern.match used to split the path into `Character`s,
    /// and `/` followed by a combining mark is one `Character`, so it did not separate
    /// segments and `deviceId` captured `a/\u{301}b`.
    @Test("a / inside a grapheme cluster still separates path segments")
    func slashInsideGraphemeCluster() throws {
        try HTTPRequestFuzz.check(Array("\u{9}\u{0}\u{0}DELETE /v1/devices/a/%CC%81b HTTP/1.1\r\n\r\n".utf8))
        #expect(HTTPRequestFuzz.router.resolve(.delete, path: "/v1/devices/a/\u{301}b") == .notFound)
        #expect(HTTPRequestFuzz.router.resolve(.delete, path: "/v1/devices/\u{600}/b") == .notFound)
        let matched = HTTPRequestFuzz.router.resolve(.delete, path: "/v1/devices/\u{301}b")
        #expect(matched == .matched(HTTPRequestFuzz.router.registeredRoutes[6], PathParameters(["deviceId": "\u{301}b"])))
    }

    @Test("literal segments match scalar for scalar, not by canonical equivalence")
    func literalsAreNotCanonicallyEquivalent() throws {
        #expect(RoutePattern("/\u{212A}elvin")?.match("/Kelvin") == nil)
        #expect(RoutePattern("/caf\u{E9}")?.match("/cafe\u{301}") == nil)
        // The same through the harness: a pattern from the path, a path from a header.
        try HTTPRequestFuzz.check(Array("\u{9}\u{0}\u{0}GET /%E2%84%AAelvin HTTP/1.1\r\nX: /Kelvin\r\n\r\n".utf8))
    }
}
