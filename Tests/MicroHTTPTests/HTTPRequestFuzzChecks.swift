// The checks of the `HTTPRequest` libFuzzer harness (Fuzz/HTTPRequest/), shared with
// FuzzCorpusReplayTests: scripts/fuzz.sh compiles this file into the harness, next to a
// `MicroHTTP` module built from the library's pure-Swift files with `-enable-testing`, so
// the harness and the replay test run exactly the same code. Keep it free of Testing and
// of anything that needs libmicrohttpd.
import Foundation
@testable import MicroHTTP

/// One fuzz input as an HTTP request: request assembly with a body limit, then routing
/// through a ``Router`` with DeviceTrust's route patterns, each step checked against what
/// the documentation promises.
///
/// Input layout (a simple scheme, so that seeds are readable requests):
///
/// | bytes | meaning |
/// |---|---|
/// | 0 | body limit: ``limits``[byte % 10] |
/// | 1 | body chunk size (0: the whole body in one chunk), as libmicrohttpd hands it over |
/// | 2 | extra chunks of 4096 zero bytes after the body (a long chunked upload) |
/// | 3… | `METHOD SP target [SP version]` LF, `Name: value` LF…, LF, body (CR before LF is dropped) |
///
/// The target is split at `?`; the path is percent-decoded and cut at the first NUL, and
/// header names and values are cut at NUL and trimmed, as libmicrohttpd does before
/// `MHDRequestReader` copies them with `String(cString:)`.
enum HTTPRequestFuzz {
    /// A broken invariant.
    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    /// The routes of `DeviceTrustRoutes.router` (Sources/TrustServer/HTTP/DeviceTrustRoutes.swift),
    /// in registration order. FuzzCorpusReplayTests checks that the copy is current.
    static let deviceTrustRoutes = [
        "POST /v1/enrollments",
        "POST /v1/enrollments/{enrollmentId}/complete",
        "POST /v1/challenges",
        "POST /v1/challenges/{challengeId}/response",
        "POST /v1/tokens/redeem",
        "GET /v1/accounts/{accountId}/devices",
        "DELETE /v1/devices/{deviceId}",
        "GET /.well-known/jwks.json",
        "GET /healthz",
        "GET /readyz",
        "GET /metrics",
    ]

    /// The body limits byte 0 chooses from; 65536 is the server's.
    static let limits = [0, 1, 2, 7, 16, 64, 255, 1024, 4096, 64 * 1024]
    /// The size of each extra chunk (byte 2).
    static let drainChunkSize = 4096
    /// The methods every path is also resolved with.
    static let methods: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options, "get", ""]

    /// The router under test, and an identical second one (routing must not depend on the instance).
    static let router = makeRouter()
    static let twin = makeRouter()
    /// The patterns, parsed here independently of ``RoutePattern``.
    static let models = deviceTrustRoutes.map(RouteModel.init)

    // MARK: Input

    struct Input {
        var limit: Int
        var chunkSize: Int
        var drainChunks: Int
        var method: HTTPMethod
        var path: String
        var queryItems: [HTTPQueryItem]
        var headers: [HTTPHeaders.Field]
        var body: [UInt8]
    }

    /// Splits an input by the scheme above; `nil` when it is shorter than the three control bytes.
    static func input(_ bytes: [UInt8]) -> Input? {
        guard bytes.count >= 3 else { return nil }
        var lines: [ArraySlice<UInt8>] = []
        var rest = bytes[3...]
        var body: ArraySlice<UInt8> = []
        while let newline = rest.firstIndex(of: 0x0A) {
            var line = rest[rest.startIndex..<newline]
            if line.last == 0x0D { line = line.dropLast() }
            rest = rest[(newline + 1)...]
            if line.isEmpty && !lines.isEmpty {
                body = rest
                rest = []
                break
            }
            lines.append(line)
        }
        if !rest.isEmpty { lines.append(rest) }  // an unterminated last head line

        let requestLine = lines.first ?? []
        let methodEnd = requestLine.firstIndex(of: 0x20) ?? requestLine.endIndex
        let method = cString(requestLine[requestLine.startIndex..<methodEnd])
        var target = requestLine[methodEnd...].drop { $0 == 0x20 }
        if let end = target.firstIndex(of: 0x20) { target = target[target.startIndex..<end] }
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = target[target.startIndex..<(question ?? target.endIndex)]
        var queryItems: [HTTPQueryItem] = []
        if let question {
            for item in target[(question + 1)...].split(separator: UInt8(ascii: "&")) {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let name = cString(percentDecoded(item[item.startIndex..<(equals ?? item.endIndex)], plusIsSpace: true))
                let value = equals.map { cString(percentDecoded(item[($0 + 1)...], plusIsSpace: true)) }
                queryItems.append(HTTPQueryItem(name: name, value: value))
            }
        }
        var headers: [HTTPHeaders.Field] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
            var value = line[(colon + 1)...].drop(while: isSpace)
            while let last = value.last, isSpace(last) { value = value.dropLast() }
            headers.append(HTTPHeaders.Field(name: cString(line[line.startIndex..<colon]), value: cString(value)))
        }
        return Input(
            limit: limits[Int(bytes[0]) % limits.count],
            chunkSize: Int(bytes[1]),
            drainChunks: Int(bytes[2]),
            method: HTTPMethod(rawValue: method),
            path: cString(percentDecoded(rawPath, plusIsSpace: false)),
            queryItems: queryItems,
            headers: headers,
            body: Array(body)
        )
    }

    /// The bytes up to the first NUL, decoded as `String(cString:)` decodes them.
    static func cString(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// `%XX` replaced by its byte (libmicrohttpd's `MHD_http_unescape`); other `%` stay.
    static func percentDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), bytes.endIndex - index >= 3,
                let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
        }
        return out
    }

    // MARK: Checks

    /// Runs every check on one input.
    /// - Throws: ``Violation`` for the first broken invariant.
    static func check(_ bytes: [UInt8]) throws {
        guard let input = input(bytes) else { return }
        let head = RequestHead(
            method: input.method, path: input.path, queryItems: input.queryItems,
            headers: HTTPHeaders(input.headers), remoteAddress: "192.0.2.7")
        let request = try assemble(head, input)
        for method in [input.method] + methods {
            try route(method, input.path)
        }
        if let request {
            try respond(request)
        }
        try checkHeaders(input.headers)
        try checkPattern(input.path, against: [input.path] + input.headers.prefix(2).map(\.value))
        try checkProblemJSON(input.path, input.headers.first?.value ?? "")
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Violation(description: message()) }
    }

    // MARK: Request assembly

    /// Whether `declared`, as a number, is more than `limit`: `nil` when it is not a
    /// number (digits after an optional `+`), whatever its size.
    static func declares(_ declared: String, moreThan limit: Int) -> Bool? {
        var digits = Substring(declared)
        if digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let significant = digits.drop { $0 == "0" }
        let bound = String(limit)
        if significant.count != bound.count { return significant.count > bound.count }
        return significant > Substring(bound)
    }

    /// Feeds the request to ``RequestAssembly`` as libmicrohttpd would (headers, body
    /// chunks, the final call) and checks every step; the request the handler would get.
    static func assemble(_ head: RequestHead, _ input: Input) throws -> HTTPRequest? {
        let limit = input.limit
        var assembly = RequestAssembly(head: head, maximumBodyBytes: limit)
        try require(assembly.state == .receivingBody(head, body: Data()), "a new assembly is not receiving its body")

        // Content-Length: refused before the body when it declares more than the limit.
        let declared = head.headers["Content-Length"]
        let start = assembly.start()
        let refusedEarly = start == .respond(.payloadTooLarge)
        try require(refusedEarly || start == .readMore, "start() returned \(start)")
        if let declared, let more = declares(declared, moreThan: limit) {
            // An all-digit length is refused exactly when it is over the limit; with a `+`
            // it is refused when over the limit and within Int, else left to libmicrohttpd.
            if declared.first != "+" || Int(declared) != nil {
                try require(refusedEarly == more, "Content-Length \(declared) with limit \(limit): refused early \(refusedEarly)")
            } else {
                try require(!refusedEarly || more, "Content-Length \(declared) refused under the limit \(limit)")
            }
        } else {
            try require(!refusedEarly, "refused early without a numeric Content-Length over the limit (\(declared ?? "none"))")
        }
        if refusedEarly {
            try require(assembly.state == .answeredEarly, "refused early but the state is \(assembly.state)")
        }

        // The body, in chunks (libmicrohttpd never hands over an empty one), then the extra ones.
        let chunkSize = input.chunkSize == 0 ? max(input.body.count, 1) : input.chunkSize
        var chunks: [ArraySlice<UInt8>] = stride(from: 0, to: input.body.count, by: chunkSize).map {
            input.body[$0..<min($0 + chunkSize, input.body.count)]
        }
        let zeros = [UInt8](repeating: 0, count: drainChunkSize)
        chunks += Array(repeating: zeros[...], count: input.drainChunks)

        let allowance = max(limit, 64 * 1024)
        var total = 0
        var firstOverflow: Int?
        var aborted = false
        for (index, chunk) in chunks.enumerated() {
            total += chunk.count
            if total > limit && firstOverflow == nil { firstOverflow = index }
            let step = chunk.withUnsafeBytes { assembly.receive($0) }
            if refusedEarly {
                try require(step == .done, "a chunk after the early 413 returned \(step)")
                continue
            }
            if aborted {
                try require(step == .abort, "a chunk after abort returned \(step)")
                continue
            }
            switch step {
            case .readMore:
                break
            case .abort:
                // Only while draining, and only once the overflow exceeds the allowance.
                try require(
                    firstOverflow.map { $0 < index } == true && total - limit > allowance,
                    "aborted at \(total) bytes, limit \(limit), allowance \(allowance)")
                try require(assembly.state == .aborted, "abort but the state is \(assembly.state)")
                aborted = true
                continue
            default:
                try require(false, "receive returned \(step)")
            }
            switch assembly.state {
            case .receivingBody(_, let body):
                try require(total <= limit, "stored \(total) bytes over the limit \(limit)")
                try require(body.count == total, "stored \(body.count) of \(total) bytes received")
            case .draining(let bytes):
                try require(total > limit, "draining \(total) bytes within the limit \(limit)")
                try require(bytes == total, "draining counted \(bytes) of \(total) bytes")
                try require(
                    total - limit <= allowance || firstOverflow == index,
                    "still draining \(total - limit) bytes over the limit, allowance \(allowance)")
            default:
                try require(false, "state \(assembly.state) after readMore")
            }
        }

        let finish = assembly.finish()
        var request: HTTPRequest?
        if refusedEarly {
            try require(finish == .done, "finish after the early 413 returned \(finish)")
        } else if total <= limit {
            guard case .runHandler(let assembled) = finish else {
                throw Violation(description: "a body of \(total) bytes within the limit \(limit) ended in \(finish)")
            }
            var body = Data(input.body)
            body.append(contentsOf: [UInt8](repeating: 0, count: drainChunkSize * input.drainChunks))
            let expected = HTTPRequest(
                method: head.method, path: head.path, queryItems: head.queryItems, headers: head.headers,
                body: body, remoteAddress: head.remoteAddress)
            try require(assembled == expected, "the assembled request differs from what was sent")
            try require(assembly.state == .finished, "ran the handler but the state is \(assembly.state)")
            request = assembled
        } else {
            // Over the limit: never to the handler; 413, or a close once the drain allowance is spent.
            let expectAbort = total - limit > allowance && firstOverflow.map { $0 < chunks.count - 1 } == true
            try require(
                finish == (expectAbort ? .abort : .respond(.payloadTooLarge)),
                "a body of \(total) bytes over the limit \(limit) ended in \(finish), expected \(expectAbort ? "abort" : "413")")
            try require(aborted == expectAbort, "aborted \(aborted), expected \(expectAbort)")
        }
        // Calls after the end change nothing.
        let state = assembly.state
        let again = assembly.finish()
        let more = zeros[..<1].withUnsafeBytes { assembly.receive($0) }
        let terminal: RequestAssembly.Step = aborted || finish == .abort ? .abort : .done
        try require(again == terminal && more == terminal, "calls after the end returned \(again), \(more)")
        try require(assembly.state == state, "calls after the end changed the state")
        return request
    }

    // MARK: Routing

    /// A route pattern parsed independently of ``RoutePattern``: `/`-separated UTF-8
    /// segments, `{name}` capturing one non-empty segment, literals compared byte for byte.
    struct RouteModel {
        enum Segment { case literal([UInt8]), parameter(String) }
        let route: String
        let method: HTTPMethod
        let segments: [Segment]

        init(_ route: String) {
            self.route = route
            let space = route.firstIndex(of: " ")!
            method = HTTPMethod(rawValue: String(route[..<space]))
            let pattern = Array(route[route.index(after: space)...].utf8.dropFirst())
            segments = pattern.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { part in
                if part.first == UInt8(ascii: "{") && part.last == UInt8(ascii: "}") {
                    return .parameter(String(decoding: part.dropFirst().dropLast(), as: UTF8.self))
                }
                return .literal(Array(part))
            }
        }

        var parameterNames: Set<String> {
            Set(segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } })
        }

        /// The captures when `path` matches, compared as bytes.
        func match(_ path: String) -> [String: String]? {
            let bytes = Array(path.utf8)
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            let parts = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard parts.count == segments.count else { return nil }
            var captures: [String: String] = [:]
            for (segment, part) in zip(segments, parts) {
                switch segment {
                case .literal(let text):
                    guard part.elementsEqual(text) else { return nil }
                case .parameter(let name):
                    guard !part.isEmpty else { return nil }
                    captures[name] = String(decoding: part, as: UTF8.self)
                }
            }
            return captures
        }

        /// The path this pattern matches with `values` substituted.
        func render(_ values: [String: String]) -> String {
            "/"
                + segments.map { segment in
                    switch segment {
                    case .literal(let text): String(decoding: text, as: UTF8.self)
                    case .parameter(let name): values[name] ?? "\u{FFFD}missing"
                    }
                }.joined(separator: "/")
        }
    }

    static func makeRouter() -> Router {
        var router = Router()
        for route in deviceTrustRoutes {
            router.add(route) { _, parameters in
                let captures = parameters.values.keys.sorted().map { "\($0)=\(parameters.values[$0]!)" }
                return HTTPResponse(status: 299, headers: ["X-Route": route], body: Data(captures.joined(separator: "\n").utf8))
            }
        }
        return router
    }

    /// Whether the UTF-8 of `text` contains that of `part`.
    static func contains(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Found by this harness: ``RoutePattern/match(_:)`` used to split the path into
    /// `Character`s, so a `/` sharing a grapheme cluster with a combining mark (`%CC%81`)
    /// did not separate segments and a parameter captured a `/`; the byte-level model and
    /// the no-slash check below catch that.
    static func route(_ method: HTTPMethod, _ path: String) throws {
        let resolution = router.resolve(method, path: path)
        try require(router.resolve(method, path: path) == resolution, "resolving \(method) \(path) twice differs")
        try require(twin.resolve(method, path: path) == resolution, "two identical routers resolve \(method) \(path) differently")

        // Consistency with RoutePattern's own matching: the first route of the method (HEAD
        // falling back to GET), else 405 with every method that matches, else 404.
        let registered = router.registeredRoutes
        let matching = registered.filter { $0.pattern.match(path) != nil }
        let expected: RouteResolution =
            if let route = matching.first(where: { $0.method == method })
                ?? (method == .head ? matching.first(where: { $0.method == .get }) : nil)
            {
                .matched(route, route.pattern.match(path)!)
            } else if matching.isEmpty {
                .notFound
            } else {
                .methodNotAllowed(allowed: matching.map(\.method).reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
            }
        try require(resolution == expected, "\(method) \(path) resolved to \(resolution), expected \(expected)")

        switch resolution {
        case .matched(let route, let parameters):
            let model = models.first { $0.route == route.description }!
            try require(route.method == method || (method == .head && route.method == .get), "\(method) matched \(route)")
            try require(Set(parameters.values.keys) == model.parameterNames, "\(route) captured \(parameters.values.keys.sorted())")
            for (name, value) in parameters.values {
                try require(!value.isEmpty, "\(route) captured an empty \(name)")
                try require(contains(path, value), "\(name)=\(value) is not part of \(path)")
                try require(!value.utf8.contains(UInt8(ascii: "/")), "\(route) captured \(name) with a slash from \(path)")
            }
            try require(model.render(parameters.values).utf8.elementsEqual(path.utf8), "\(route) with \(parameters.values) is not \(path)")
        case .methodNotAllowed(let allowed):
            try require(!allowed.isEmpty && !allowed.contains(method), "\(method) \(path): 405 allowing \(allowed)")
            try require(method != .head || !allowed.contains(.get), "HEAD \(path): 405 allowing GET")
        case .notFound:
            break
        }

        // The byte-level model: what the documentation says a pattern matches.
        for (model, route) in zip(models, registered) {
            try requireAgreement(model, route.pattern, path)
        }
    }

    /// ``RoutePattern/match(_:)`` and the byte-level model agree on `path`.
    static func requireAgreement(_ model: RouteModel, _ pattern: RoutePattern, _ path: String) throws {
        let mine = model.match(path)
        let theirs = pattern.match(path)?.values
        try require(
            mine == theirs,
            "\(model.route) matches \(path.debugDescription) as \(theirs.map { "\($0)" } ?? "no match"), bytes say \(mine.map { "\($0)" } ?? "no match")")
    }

    /// The handler the router picks answers; 404 and 405 are problem documents.
    static func respond(_ request: HTTPRequest) throws {
        let response = router.respond(to: request)
        try require(router.handler(request) == response, "respond(to:) and handler differ")
        switch router.resolve(request.method, path: request.path) {
        case .matched(let route, let parameters):
            try require(response.status == 299 && response.headers["X-Route"] == route.description, "\(route) answered \(response.status)")
            let captures = parameters.values.keys.sorted().map { "\($0)=\(parameters.values[$0]!)" }
            try require(response.body == Data(captures.joined(separator: "\n").utf8), "\(route) got other parameters")
        case .notFound:
            try require(response == .problem(.notFound), "404 expected, got \(response.status)")
            try requireProblemJSON(response.body, code: "not_found")
        case .methodNotAllowed(let allowed):
            try require(response.status == 405, "405 expected, got \(response.status)")
            try require(response.headers["Allow"] == allowed.map(\.rawValue).joined(separator: ", "), "Allow is \(response.headers["Allow"] ?? "missing")")
            try requireProblemJSON(response.body, code: "method_not_allowed")
        }
    }

    private struct ProblemBody: Decodable {
        var code: String
        var status: Int
        var detail: String?
        var extensions: String?
        private enum CodingKeys: String, CodingKey { case code, status, detail, extensions = "h" }
    }

    static func requireProblemJSON(_ body: Data, code: String) throws {
        let problem = try? JSONDecoder().decode(ProblemBody.self, from: body)
        try require(problem?.code == code, "the problem body is not JSON with code \(code)")
    }

    /// `HTTPProblem.jsonData` escapes any text into valid JSON that reads back unchanged.
    static func checkProblemJSON(_ detail: String, _ extensionValue: String) throws {
        let problem = HTTPProblem(title: "T", status: 400, code: "c", detail: detail, extensions: ["h": .string(extensionValue)])
        guard let decoded = try? JSONDecoder().decode(ProblemBody.self, from: problem.jsonData) else {
            throw Violation(description: "HTTPProblem.jsonData is not JSON for detail \(detail.debugDescription)")
        }
        try require(decoded.detail.map { Array($0.unicodeScalars) } == Array(detail.unicodeScalars), "the detail changed in JSON")
        try require(decoded.extensions.map { Array($0.unicodeScalars) } == Array(extensionValue.unicodeScalars), "an extension changed in JSON")
    }

    // MARK: Headers and patterns

    /// Whether two header names are equal ignoring ASCII case, byte for byte.
    static func asciiCaseInsensitiveEqual(_ a: String, _ b: String) -> Bool {
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        return a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    static func checkHeaders(_ fields: [HTTPHeaders.Field]) throws {
        let headers = HTTPHeaders(fields)
        try require(headers.fields == fields && Array(headers) == fields, "HTTPHeaders reordered its fields")
        // Bounded: every lookup walks every field.
        var names = ["Content-Length", "content-length", "AUTHORIZATION", "Authorization"]
        for field in fields.prefix(64) where !names.contains(field.name) && names.count < 12 { names.append(field.name) }
        if fields.count > 256 { names = Array(names.prefix(2)) }
        for name in names {
            let values = headers.values(for: name)
            try require(headers[name] == values.first, "subscript and values(for:) disagree on \(name)")
            try require(headers.contains(name) == !values.isEmpty, "contains and values(for:) disagree on \(name)")
            if name.utf8.allSatisfy({ $0 < 0x80 }) {
                let expected = fields.filter { asciiCaseInsensitiveEqual($0.name, name) }.map(\.value)
                try require(values == expected, "\(name) finds \(values), ASCII case-insensitive lookup finds \(expected)")
            }
            var replaced = headers
            replaced[name] = "x"
            try require(replaced.values(for: name) == ["x"], "setting \(name) left \(replaced.values(for: name))")
            try require(replaced.fields.count == fields.count - values.count + 1, "setting \(name) removed other fields")
            var removed = headers
            removed[name] = nil
            try require(!removed.contains(name) && removed.fields.count == fields.count - values.count, "removing \(name) left some")
            try require(removed.fields == fields.filter { !HTTPHeaders.namesMatch($0.name, name) }, "removing \(name) changed other fields")
        }
    }

    /// A pattern that parses describes itself, matches its own text capturing `{name}`, and
    /// matches `paths` as the byte-level model does (literals byte for byte, so never by
    /// canonical equivalence: `/\u{212A}` is not `/K`).
    static func checkPattern(_ text: String, against paths: [String]) throws {
        guard let pattern = RoutePattern(text) else { return }
        try require(pattern.description == text, "RoutePattern(\(text)) describes itself as \(pattern.description)")
        guard let parameters = pattern.match(text) else {
            throw Violation(description: "RoutePattern(\(text.debugDescription)) does not match its own text")
        }
        for (name, value) in parameters.values {
            try require(value == "{\(name)}", "RoutePattern(\(text)) captured \(name)=\(value) from its own text")
        }
        let model = RouteModel("GET " + text)
        for path in paths {
            try requireAgreement(model, pattern, path)
        }
    }
}
