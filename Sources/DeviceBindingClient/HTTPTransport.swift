import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange: the seam between the flows and URLSession, so tests can stand
/// between the client and the server.
protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the status and body.
    /// - Throws: ``DeviceTrustClientError/Code/transport`` when no answer came back.
    func send(_ request: URLRequest) async throws(DeviceTrustClientError) -> (status: Int, body: Data)
}

/// ``HTTPTransport`` over a `URLSession`.
struct URLSessionTransport: HTTPTransport {
    let session: URLSession

    func send(_ request: URLRequest) async throws(DeviceTrustClientError) -> (status: Int, body: Data) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            // The URL error's code only: its user info can echo the request.
            let code = (error as? URLError)?.code.rawValue ?? 0
            throw DeviceTrustClientError(.transport, "no answer from the server (URLError \(code)); check the connection and retry")
        }
        guard let http = response as? HTTPURLResponse else {
            throw DeviceTrustClientError(.transport, "the answer is not HTTP")
        }
        return (http.statusCode, data)
    }
}
