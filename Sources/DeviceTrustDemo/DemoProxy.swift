import DeviceBinding
import Foundation
import SecureStorage
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What stands between the demo's client and the server, like a proxy on the network: it
/// forwards every request, keeps the last challenge response (to replay it), and, when told
/// to, rewrites the next challenge request (to show the client refusing to sign).
final class DemoProxy: Sendable {
    private let tampering = Locked<(@Sendable (inout ChallengeRequest) -> Void)?>(nil)
    private let lastResponse = Locked<URLRequest?>(nil)
    private let responses = Locked(0)
    private let port: Int

    /// A proxy for the server on `port`; ``session`` goes through it.
    init(port: UInt16) {
        self.port = Int(port)
        DemoProxyProtocol.register(self, port: self.port)
    }

    /// Stops intercepting.
    func close() { DemoProxyProtocol.unregister(port: port) }

    /// A session whose requests to the server pass through this proxy.
    var session: URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [DemoProxyProtocol.self]
        return URLSession(configuration: configuration)
    }

    /// Rewrites the next `POST /v1/challenges` with `change`.
    func tamperWithNextChallenge(_ change: @escaping @Sendable (inout ChallengeRequest) -> Void) {
        tampering.withLock { $0 = change }
    }

    /// The last challenge response forwarded (signature and all), to replay.
    var lastChallengeResponse: URLRequest? { lastResponse.withLock { $0 } }

    /// How many challenge responses (signatures) reached the server.
    var responsesForwarded: Int { responses.withLock { $0 } }

    /// The request to forward in place of `request`.
    func outgoing(_ request: URLRequest) throws -> URLRequest {
        var request = request
        if request.httpBody == nil, let stream = request.httpBodyStream {
            request.httpBodyStream = nil
            request.httpBody = Self.read(stream)
        }
        let path = request.url?.path ?? ""
        if path == "/v1/challenges",
            let change = tampering.withLock({ change in
                defer { change = nil }; return change
            }),
            let body = request.httpBody
        {
            var challenge = try WireCoding.decode(ChallengeRequest.self, from: body)
            change(&challenge)
            request.httpBody = try WireCoding.encode(challenge)
        }
        if path.hasSuffix("/response") {
            lastResponse.withLock { $0 = request }
            responses.withLock { $0 += 1 }
        }
        return request
    }

    private static func read(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

/// The `URLProtocol` that routes a session's requests through the ``DemoProxy`` registered
/// for the request's port, forwarding them with `URLSession.shared`.
final class DemoProxyProtocol: URLProtocol {
    private static let proxies = Locked<[Int: DemoProxy]>([:])

    static func register(_ proxy: DemoProxy, port: Int) { proxies.withLock { $0[port] = proxy } }
    static func unregister(port: Int) { _ = proxies.withLock { $0.removeValue(forKey: port) } }
    private static func proxy(for request: URLRequest) -> DemoProxy? {
        guard let port = request.url?.port else { return nil }
        return proxies.withLock { $0[port] }
    }

    override class func canInit(with request: URLRequest) -> Bool { proxy(for: request) != nil }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        // URLProtocol is not Sendable; URLSession calls this instance once per load and
        // the task below is the only code touching it afterwards.
        let loading = UncheckedTransfer(self)
        Task { await DemoProxyProtocol.forward(loading) }
    }

    private static func forward(_ loading: UncheckedTransfer<DemoProxyProtocol>) async {
        let this = loading.value
        let original = this.request
        do {
            guard let proxy = proxy(for: original) else { throw URLError(.cancelled) }
            let (data, response) = try await URLSession.shared.data(for: try proxy.outgoing(original))
            this.client?.urlProtocol(this, didReceive: response, cacheStoragePolicy: .notAllowed)
            this.client?.urlProtocol(this, didLoad: data)
            this.client?.urlProtocolDidFinishLoading(this)
        } catch {
            this.client?.urlProtocol(this, didFailWithError: error)
        }
    }

    override func stopLoading() {}
}

/// Hands a non-Sendable value to one task that alone uses it from then on.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
