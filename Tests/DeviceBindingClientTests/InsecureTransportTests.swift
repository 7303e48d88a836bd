import DeviceBinding
import Foundation
import SecureStorage
import Testing

@testable import DeviceBindingClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers nothing and counts what it was asked to send.
private struct CountingTransport: HTTPTransport {
    let sent = Locked<Int>(0)
    func send(_ request: URLRequest) async throws(DeviceTrustClientError) -> (status: Int, body: Data) {
        sent.withLock { $0 += 1 }
        throw DeviceTrustClientError(code: .transport)
    }
}

/// The client sends PINs and signatures only over TLS, or in clear text to loopback.
@Suite struct InsecureTransportTests {
    @Test(arguments: ["http://trust.example.com", "http://10.0.0.5:8080/api", "HTTP://trust.example.com", "ftp://trust.example.com"])
    func plainHTTPToANetworkHostIsRefusedBeforeAnythingIsSent(base: String) async {
        let transport = CountingTransport()
        let client = DeviceTrustClient(baseURL: URL(string: base)!, transport: transport, biometricKey: SoftwareDeviceKey())
        await expectClientError(.insecureTransport) { try await client.unlock(deviceId: "dev_1") }
        #expect(transport.sent.withLock { $0 } == 0)
    }

    @Test(arguments: [
        ("https://trust.example.com", false), ("http://127.0.0.1:9", false), ("http://127.0.0.2:9", false), ("http://localhost:9", false),
        ("http://[::1]:9", false), ("http://trust.example.com", true),
    ])
    func tlsLoopbackOrAnExplicitOptInReachTheTransport(base: String, allowsInsecureHTTP: Bool) async {
        let transport = CountingTransport()
        let client = DeviceTrustClient(
            baseURL: URL(string: base)!, transport: transport, biometricKey: SoftwareDeviceKey(), allowsInsecureHTTP: allowsInsecureHTTP)
        await expectClientError(.transport) { try await client.unlock(deviceId: "dev_1") }
        #expect(transport.sent.withLock { $0 } == 1)
    }

    @Test func theRefusalSaysWhatToDo() {
        let requests = APIRequests(baseURL: URL(string: "http://trust.example.com")!, transport: CountingTransport())
        do {
            try requests.checkScheme()
            Issue.record("expected a refusal")
        } catch {
            #expect("\(error)".contains("https://"))
            #expect("\(error)".contains("allowsInsecureHTTP"))
        }
    }
}
