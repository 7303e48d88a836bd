import Foundation
import Testing
@testable import MicroHTTP

@Suite("Request assembly state machine (no sockets)")
struct RequestAssemblyTests {
    static let head = RequestHead(
        method: .post,
        path: "/v1/things",
        queryItems: [HTTPQueryItem(name: "a", value: "1")],
        headers: ["Content-Type": "application/json"],
        remoteAddress: "127.0.0.1"
    )

    func head(contentLength: String?) -> RequestHead {
        var head = Self.head
        if let contentLength { head.headers["Content-Length"] = contentLength }
        return head
    }

    @Test func requestWithoutBodyRunsHandlerWithEmptyBody() {
        var assembly = RequestAssembly(head: Self.head, maximumBodyBytes: 16)
        #expect(assembly.start() == .readMore)
        let step = assembly.finish()
        #expect(
            step
                == .runHandler(
                    HTTPRequest(
                        method: .post,
                        path: "/v1/things",
                        queryItems: [HTTPQueryItem(name: "a", value: "1")],
                        headers: ["Content-Type": "application/json"],
                        body: Data(),
                        remoteAddress: "127.0.0.1"
                    )))
        #expect(assembly.state == .finished)
    }

    @Test func chunksAreAppendedInOrder() {
        var assembly = RequestAssembly(head: Self.head, maximumBodyBytes: 16)
        #expect(assembly.start() == .readMore)
        #expect(assembly.receive(Data("hello ".utf8)) == .readMore)
        #expect(assembly.receive(Data("world".utf8)) == .readMore)
        guard case .runHandler(let request) = assembly.finish() else {
            Issue.record("expected the handler to run")
            return
        }
        #expect(request.body == Data("hello world".utf8))
    }

    @Test func bodyOfExactlyTheMaximumIsAccepted() {
        var assembly = RequestAssembly(head: head(contentLength: "16"), maximumBodyBytes: 16)
        #expect(assembly.start() == .readMore)
        #expect(assembly.receive(Data(repeating: 1, count: 10)) == .readMore)
        #expect(assembly.receive(Data(repeating: 2, count: 6)) == .readMore)
        guard case .runHandler(let request) = assembly.finish() else {
            Issue.record("expected the handler to run")
            return
        }
        #expect(request.body.count == 16)
    }

    @Test func declaredLengthAboveMaximumIsRefusedBeforeAnyBodyByte() {
        var assembly = RequestAssembly(head: head(contentLength: "17"), maximumBodyBytes: 16)
        #expect(assembly.start() == .respond(.payloadTooLarge))
        #expect(assembly.state == .answeredEarly)
        #expect(assembly.receive(Data(repeating: 0, count: 17)) == .done)
        #expect(assembly.finish() == .done)
    }

    @Test func declaredLengthTooBigForAnIntIsRefused() {
        var assembly = RequestAssembly(head: head(contentLength: "99999999999999999999999"), maximumBodyBytes: 16)
        #expect(assembly.start() == .respond(.payloadTooLarge))
    }

    @Test func growingBodyAboveMaximumIsDrainedNotStoredThenRefused() {
        var assembly = RequestAssembly(head: Self.head, maximumBodyBytes: 16)
        #expect(assembly.start() == .readMore)
        #expect(assembly.receive(Data(repeating: 0, count: 16)) == .readMore)
        #expect(assembly.receive(Data([0])) == .readMore)
        #expect(assembly.state == .draining(bytes: 17))
        #expect(assembly.receive(Data(repeating: 0, count: 100)) == .readMore)
        #expect(assembly.state == .draining(bytes: 117))
        #expect(assembly.finish() == .respond(.payloadTooLarge))
        #expect(assembly.state == .answeredEarly)
        #expect(assembly.finish() == .done)
    }

    @Test func drainingBeyondTheAllowanceAborts() {
        var assembly = RequestAssembly(head: Self.head, maximumBodyBytes: 16)
        #expect(assembly.drainAllowanceBytes == 64 * 1024)
        _ = assembly.start()
        #expect(assembly.receive(Data(repeating: 0, count: 17)) == .readMore)
        #expect(assembly.receive(Data(repeating: 0, count: 64 * 1024 - 1)) == .readMore)  // exactly at the allowance
        #expect(assembly.receive(Data([0])) == .abort)
        #expect(assembly.state == .aborted)
        #expect(assembly.receive(Data([0])) == .abort)
        #expect(assembly.finish() == .abort)
    }

    @Test func unparseableContentLengthIsLeftToTheChunkCap() {
        var assembly = RequestAssembly(head: head(contentLength: "lots"), maximumBodyBytes: 4)
        #expect(assembly.start() == .readMore)
        #expect(assembly.receive(Data(repeating: 0, count: 5)) == .readMore)
        #expect(assembly.finish() == .respond(.payloadTooLarge))
    }

    @Test func zeroMaximumAcceptsOnlyEmptyBodies() {
        var assembly = RequestAssembly(head: head(contentLength: "0"), maximumBodyBytes: 0)
        #expect(assembly.start() == .readMore)
        guard case .runHandler = assembly.finish() else {
            Issue.record("expected the handler to run")
            return
        }
    }

    @Test func finishingTwiceDoesNothingTheSecondTime() {
        var assembly = RequestAssembly(head: Self.head, maximumBodyBytes: 4)
        _ = assembly.start()
        _ = assembly.finish()
        #expect(assembly.finish() == .done)
        #expect(assembly.receive(Data([1])) == .done)
        #expect(assembly.start() == .done)
    }
}

extension RequestAssembly {
    /// Test convenience: feed a chunk from `Data`.
    mutating func receive(_ data: Data) -> Step {
        data.withUnsafeBytes { receive($0) }
    }
}
