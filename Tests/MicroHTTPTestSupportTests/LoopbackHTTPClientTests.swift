import Foundation
import Testing
import MicroHTTP
import MicroHTTPTestSupport

@Suite("Loopback HTTP client")
struct LoopbackHTTPClientTests {
    @Test(arguments: ["10.0.0.1", "localhost", "example.com", ""])
    func nonLoopbackAddressesAreRefused(host: String) {
        #expect(throws: LoopbackHTTPError.self) { _ = try LoopbackHTTPClient(host: host, port: 80) }
    }

    @Test func keepAliveRequestsShareOneConnection() throws {
        let server = HTTPServer()
        let port = try server.start(port: 0) { request in .text("\(request.body.count)") }
        defer { server.stop() }
        let client = LoopbackHTTPClient(port: port)
        for size in [0, 5, 70] {
            let response = try client.request(method: "POST", target: "/", body: Data(repeating: 1, count: size))
            #expect(response.status == 200)
            #expect(response.bodyText == "\(size)")
        }
        #expect(try client.request(method: "HEAD").body.isEmpty)
        #expect(client.connectionsOpened == 1)
    }
}
