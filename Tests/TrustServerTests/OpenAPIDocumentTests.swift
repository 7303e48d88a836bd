import DeviceBinding
import Foundation
import MicroHTTP
import Testing
@testable import TrustServer

/// The operations (`"METHOD /path"`) under the `paths:` section of an OpenAPI document,
/// read line by line. There is no YAML library here, so this reader accepts only a strict
/// subset of YAML and refuses everything else with the line number, rather than guessing:
///
/// - The text is LF-separated and holds no tab and no carriage return anywhere.
/// - Exactly one line is `paths:` (column 0, nothing after it but an optional comment).
///   The section runs to the next non-blank line that starts at column 0 and is not a comment.
/// - Inside the section, blank lines and lines whose first non-space character is `#`
///   are skipped; every other line is indented by 2, 4 or more than 4 spaces:
///   - 2 spaces: a path key `/segment/{param}:`, unquoted, no spaces, nothing after the
///     colon (a block mapping follows). Path keys are unique.
///   - 4 spaces: a key of the current path item followed by `:` and nothing else or a
///     value. `get`, `put`, `post`, `delete`, `options`, `head`, `patch` and `trace`
///     are operations and must have nothing after the colon (a block mapping follows);
///     `summary`, `description`, `parameters` and `servers` are accepted and skipped;
///     any other key (including `$ref`, which this reader cannot follow) is refused.
///     Each operation appears once per path, and each path has at least one operation.
///   - more than 4 spaces: content of an operation or field, not interpreted.
///   - 1 or 3 spaces, or 4 spaces before the first path key: refused.
struct OpenAPIPathsReader {
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "openapi.yaml line \(line): \(reason)" }
    }

    static let operationKeys: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    static let skippedPathItemKeys: Set<String> = ["summary", "description", "parameters", "servers"]

    /// The documented operations as `"METHOD /path"`, method upper-cased, in document order.
    static func operations(in text: String) throws -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where line.contains("\t") || line.contains("\r") {
            throw Failure(line: index + 1, reason: "tabs and carriage returns are not accepted")
        }
        let starts = lines.indices.filter { stripComment(lines[$0]) == "paths:" }
        guard starts.count == 1, let start = starts.first else {
            throw Failure(line: starts.dropFirst().first.map { $0 + 1 } ?? 0, reason: "expected exactly one line `paths:`, found \(starts.count)")
        }

        var operations: [String] = []
        var seenPaths: Set<String> = []
        var currentPath: (name: String, line: Int, operations: Set<String>)?

        func finishPath() throws {
            if let path = currentPath, path.operations.isEmpty {
                throw Failure(line: path.line, reason: "path \(path.name) has no operation")
            }
        }

        for index in lines.indices.dropFirst(start + 1) {
            let line = lines[index]
            let number = index + 1
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.count - trimmed.count
            if indent == 0 { break }
            switch indent {
            case 2:
                let key = stripComment(String(trimmed))
                guard key.hasPrefix("/"), key.hasSuffix(":"), key.count > 2 else {
                    throw Failure(line: number, reason: "expected an unquoted path key like `/v1/things/{id}:`")
                }
                let path = String(key.dropLast())
                guard !path.contains(" "), !path.contains(":"), !path.contains("'"), !path.contains("\"") else {
                    throw Failure(line: number, reason: "a path key holds no spaces, quotes or colons")
                }
                guard seenPaths.insert(path).inserted else {
                    throw Failure(line: number, reason: "path \(path) appears twice")
                }
                try finishPath()
                currentPath = (path, number, [])
            case 4:
                guard let path = currentPath else {
                    throw Failure(line: number, reason: "a path item key before any path key")
                }
                guard let colon = trimmed.firstIndex(of: ":") else {
                    throw Failure(line: number, reason: "expected `key:` at four spaces")
                }
                let key = String(trimmed[..<colon])
                let rest = stripComment(String(trimmed[trimmed.index(after: colon)...]))
                if operationKeys.contains(key) {
                    guard rest.isEmpty else {
                        throw Failure(line: number, reason: "operation \(key) must be a block mapping (nothing after the colon)")
                    }
                    guard !path.operations.contains(key) else {
                        throw Failure(line: number, reason: "\(key) appears twice under \(path.name)")
                    }
                    currentPath?.operations.insert(key)
                    operations.append("\(key.uppercased()) \(path.name)")
                } else if !skippedPathItemKeys.contains(key) {
                    throw Failure(line: number, reason: "path item key `\(key)` is not accepted by this reader")
                }
            case 5...:
                continue
            default:
                throw Failure(line: number, reason: "indentation of \(indent) spaces; use 2 for paths, 4 for operations")
            }
        }
        try finishPath()
        return operations
    }

    /// `line` without a trailing ` # comment` and trailing spaces (a `#` directly after a
    /// non-space character is kept, as YAML does).
    private static func stripComment(_ line: String) -> String {
        var text = line
        if text.hasPrefix("#") { return "" }
        if let range = text.range(of: " #") { text = String(text[..<range.lowerBound]) }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}

@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// `docs/openapi.yaml`, found from this file: Tests/TrustServerTests/ → ../../docs.
    static let documentURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.yaml")

    static func documentText() throws -> String {
        let data = try Data(contentsOf: documentURL)
        return try #require(String(data: data, encoding: .utf8), "docs/openapi.yaml is not UTF-8")
    }

    static func registeredRoutes() throws -> [String] {
        let fixture = try ServiceFixture()
        let router = DeviceTrustRoutes.router(service: fixture.service, adminKey: AdminAPIKey.generate().key)
        return router.registeredRoutes.map(\.description)
    }

    @Test("the document is OpenAPI 3.1")
    func version() throws {
        let text = try Self.documentText()
        let first = text.split(separator: "\n").first { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(first?.hasPrefix("openapi: 3.1.") == true, "the first line should be `openapi: 3.1.x`, is \(first ?? "nothing")")
    }

    @Test("every registered route is documented, and every documented operation is registered")
    func routesMatchDocument() throws {
        let documented = try OpenAPIPathsReader.operations(in: Self.documentText())
        let registered = try Self.registeredRoutes()
        #expect(Set(documented).count == documented.count, "an operation is documented twice")
        #expect(!registered.isEmpty)

        let undocumented = Set(registered).subtracting(documented).sorted()
        let unregistered = Set(documented).subtracting(registered).sorted()
        #expect(undocumented.isEmpty, "registered but not in docs/openapi.yaml: \(undocumented)")
        #expect(unregistered.isEmpty, "in docs/openapi.yaml but not registered: \(unregistered)")
    }

    @Test("every path parameter is declared by name with `in: path`")
    func pathParametersAreDeclared() throws {
        let text = try Self.documentText()
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let documented = try OpenAPIPathsReader.operations(in: text)
        let names = Set(
            documented.flatMap { operation in
                operation.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { String($0.dropFirst().dropLast()) }
            })
        #expect(!names.isEmpty)
        for name in names.sorted() {
            let declaration = lines.indices.first { lines[$0] == "name: \(name)" }
            let index = try #require(declaration, "no parameter declares `name: \(name)`")
            #expect(lines.indices.contains(index + 1) && lines[index + 1] == "in: path", "parameter \(name) should be followed by `in: path`")
        }
    }

    @Test("the Problem code enum lists every ProblemCode")
    func problemCodesAreDocumented() throws {
        let lines = Set(try Self.documentText().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for code in ProblemCode.allCases {
            #expect(lines.contains("- \(code.rawValue)"), "ProblemCode \(code.rawValue) is missing from the document")
        }
        #expect(lines.contains("attemptsRemaining:"))
    }

    @Test("the reader takes the accepted subset")
    func readerAcceptsSubset() throws {
        let text = """
            openapi: 3.1.0
            paths:
              # a comment
              /a:
                summary: things
                get:
                  responses:
                    '200':
                      description: |
                        text: with a colon

                post:
                  responses: {}
              /a/{id}:  # trailing comment
                parameters:
                  - name: id
                delete:
                  summary: x
            components:
              schemas: {}
            """
        #expect(try OpenAPIPathsReader.operations(in: text) == ["GET /a", "POST /a", "DELETE /a/{id}"])
    }

    @Test(
        "the reader refuses what it does not understand",
        arguments: [
            "paths:\n  /a:\n\tget:\n",
            "paths:\n  /a:\n    get:\n  /a:\n    post:\n",
            "paths:\n  '/a':\n    get:\n",
            "paths:\n  /a:\n   get:\n",
            "paths:\n  /a:\n    get: {}\n",
            "paths:\n  /a:\n    $ref: '#/x'\n",
            "paths:\n  /a:\n    get:\n    get:\n",
            "paths:\n  /a:\n    summary: no operation\n",
            "paths:\n    get:\n",
            "paths: {}\n",
            "paths:\n  /a:\n    get:\npaths:\n  /b:\n    get:\n",
            "paths:\r\n  /a:\r\n    get:\r\n",
        ])
    func readerRefuses(_ text: String) {
        #expect(throws: OpenAPIPathsReader.Failure.self) { try OpenAPIPathsReader.operations(in: text) }
    }
}
