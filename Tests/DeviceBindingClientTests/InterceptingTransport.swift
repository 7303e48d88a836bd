import DeviceBinding
import Foundation
import SecureStorage
@testable import DeviceBindingClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stands between the client and the real server, like a proxy the attacker controls: it
/// records every request path and may rewrite a request before forwarding it.
struct InterceptingTransport: HTTPTransport {
    private let forward = URLSessionTransport(session: .shared)
    private let rewrite: @Sendable (URLRequest) throws -> URLRequest
    private let sent = Locked<[String]>([])

    init(rewrite: @escaping @Sendable (URLRequest) throws -> URLRequest = { $0 }) {
        self.rewrite = rewrite
    }

    /// The paths of the requests forwarded so far, oldest first.
    var paths: [String] { sent.withLock { $0 } }

    /// How many challenge responses (signatures) reached the server.
    var responsesSent: Int { paths.filter { $0.hasSuffix("/response") }.count }

    func send(_ request: URLRequest) async throws(DeviceTrustClientError) -> (status: Int, body: Data) {
        let changed: URLRequest
        do {
            changed = try rewrite(request)
        } catch {
            throw DeviceTrustClientError(code: .transport)
        }
        sent.withLock { $0.append(changed.url?.path ?? "") }
        return try await forward.send(changed)
    }

    /// A rewrite that changes the body of `POST /v1/challenges` with `change`: the server
    /// then issues a genuine payload for what the attacker asked.
    static func rewritingChallengeRequests(
        _ change: @escaping @Sendable (inout ChallengeRequest) -> Void
    ) -> @Sendable (URLRequest) throws -> URLRequest {
        { request in
            guard request.url?.path == "/v1/challenges", let body = request.httpBody else { return request }
            var challenge = try WireCoding.decode(ChallengeRequest.self, from: body)
            change(&challenge)
            var changed = request
            changed.httpBody = try WireCoding.encode(challenge)
            return changed
        }
    }
}
