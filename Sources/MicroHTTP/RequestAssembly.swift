import Foundation

/// What is known about a request once its headers have arrived.
struct RequestHead: Sendable, Equatable {
    var method: HTTPMethod
    var path: String
    var queryItems: [HTTPQueryItem]
    var headers: HTTPHeaders
    var remoteAddress: String
}

/// Assembles one request from the calls libmicrohttpd makes to the access handler:
/// headers first (``start()``), then body chunks (``receive(_:)``), then a final call
/// (``finish()``). A value type with no I/O, so every transition is unit-tested.
///
/// The body is capped. A `Content-Length` above `maximumBodyBytes` is answered with
/// ``HTTPResponse/payloadTooLarge`` at once, before any body byte is read (libmicrohttpd
/// then reads no more and closes the connection after the answer). A body without a
/// declared length (chunked) that grows beyond the cap stops being stored; because
/// libmicrohttpd 0.9.75 refuses to queue a response in the middle of a body, the rest is
/// drained (counted, not stored) and answered with the same 413 once it ends — unless it
/// goes on for more than ``drainAllowanceBytes`` more, in which case the connection is
/// closed without an answer.
struct RequestAssembly: Sendable {
    /// What the I/O shell must do next.
    enum Step: Equatable {
        /// Keep reading; nothing to send yet.
        case readMore
        /// Queue this response now and read no more of the body.
        case respond(HTTPResponse)
        /// The request is complete: run the handler on it and queue its response.
        case runHandler(HTTPRequest)
        /// A response was already queued: there is nothing left to do.
        case done
        /// Close the connection without an answer.
        case abort
    }

    enum State: Equatable {
        /// Headers are in; the body so far is stored.
        case receivingBody(RequestHead, body: Data)
        /// The body outgrew the cap; `bytes` have been received in all, none are kept.
        case draining(bytes: Int)
        /// A response was queued before the request was complete; input is ignored.
        case answeredEarly
        /// The connection is to be closed without an answer.
        case aborted
        /// The request was handed to the handler.
        case finished
    }

    private(set) var state: State
    let maximumBodyBytes: Int

    /// How many bytes beyond the cap are drained before giving up on answering 413.
    var drainAllowanceBytes: Int { max(maximumBodyBytes, 64 * 1024) }

    init(head: RequestHead, maximumBodyBytes: Int) {
        self.state = .receivingBody(head, body: Data())
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// The headers-only call: refuse a declared body that is too large.
    mutating func start() -> Step {
        guard case .receivingBody(let head, _) = state else { return .done }
        if let declared = head.headers["Content-Length"], Self.exceeds(declared, maximumBodyBytes) {
            state = .answeredEarly
            return .respond(.payloadTooLarge)
        }
        return .readMore
    }

    /// Whether a `Content-Length` value declares more than `limit` bytes (digits too many
    /// for an `Int` count as more; anything else is left to libmicrohttpd to refuse).
    private static func exceeds(_ declared: String, _ limit: Int) -> Bool {
        if let length = Int(declared) { return length > limit }
        return !declared.isEmpty && declared.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// One chunk of body. The chunk is always consumed, stored or not.
    mutating func receive(_ chunk: UnsafeRawBufferPointer) -> Step {
        switch state {
        case .receivingBody(let head, var body):
            guard chunk.count <= maximumBodyBytes - body.count else {
                state = .draining(bytes: body.count + chunk.count)
                return .readMore
            }
            state = .finished  // drop the state's reference so the append below does not copy
            body.append(contentsOf: chunk)
            state = .receivingBody(head, body: body)
            return .readMore
        case .draining(let bytes):
            let total = bytes + chunk.count
            guard total - maximumBodyBytes <= drainAllowanceBytes else {
                state = .aborted
                return .abort
            }
            state = .draining(bytes: total)
            return .readMore
        case .answeredEarly, .finished:
            return .done
        case .aborted:
            return .abort
        }
    }

    /// The final call: the whole request has arrived.
    mutating func finish() -> Step {
        switch state {
        case .receivingBody:
            break
        case .draining:
            state = .answeredEarly
            return .respond(.payloadTooLarge)
        case .answeredEarly, .finished:
            return .done
        case .aborted:
            return .abort
        }
        guard case .receivingBody(let head, let body) = state else { return .done }
        state = .finished
        return .runHandler(
            HTTPRequest(
                method: head.method,
                path: head.path,
                queryItems: head.queryItems,
                headers: head.headers,
                body: body,
                remoteAddress: head.remoteAddress
            ))
    }
}
