import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the receipt refresher reaches Apple's `attestationData` endpoint: one `POST` with
/// an `Authorization` header, answered with a status and a body. Injectable, so tests
/// point it at a local fake of Apple's endpoint.
public protocol AttestationDataTransport: Sendable {
    /// Posts `body` to `url`; throws when no answer came within `timeout` seconds.
    func post(_ url: URL, authorization: String, body: Data, timeout: TimeInterval) throws -> (status: Int, body: Data)
}

/// `URLSession` (ephemeral: no cookies, no cache), synchronously on the refresher's thread.
public struct URLSessionAttestationDataTransport: AttestationDataTransport {
    private let session: URLSession

    /// A transport over its own ephemeral session.
    public init() {
        session = URLSession(configuration: .ephemeral)
    }

    public func post(_ url: URL, authorization: String, body: Data, timeout: TimeInterval) throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue(authorization, forHTTPHeaderField: "Authorization")
        request.httpBody = body
        let answer = Answer()
        session.dataTask(with: request) { data, response, error in
            answer.set(error.map { .failure($0) } ?? .success(((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data())))
        }.resume()
        guard let result = answer.wait(seconds: timeout + 1) else { throw URLError(.timedOut) }
        let (status, data) = try result.get()
        return (status, data)
    }

    /// The one answer of a data task, handed from URLSession's queue to the waiting thread.
    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<(Int, Data), any Error>?

        func set(_ result: Result<(Int, Data), any Error>) {
            lock.withLock { self.result = result }
            done.signal()
        }

        func wait(seconds: TimeInterval) -> Result<(Int, Data), any Error>? {
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return lock.withLock { result }
        }
    }
}
