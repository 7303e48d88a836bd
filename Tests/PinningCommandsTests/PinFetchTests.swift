import Foundation
@testable import PinningCommands
import Testing

/// `pin fetch` against `openssl s_server` on loopback, with a chain the test makes.
@Suite(.serialized)
struct PinFetchTests {
    /// Runs `pin fetch` and collects its output.
    private func fetch(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let run = PinCommandRun(["fetch"] + arguments)
        return (run.status, run.outputText, run.errorText)
    }

    /// Makes the PKI, starts the server, runs `body`, and always stops and cleans up.
    private func withServer(_ body: (PinFetchTestPKI, UInt16) throws -> Void) throws {
        let pki = try PinFetchTestPKI()
        defer { pki.remove() }
        let server = try PinFetchTestServer(pki: pki)
        defer { server.stop() }
        try body(pki, server.port)
    }

    @Test func verifiedChainListsLeafAndIntermediateWithOpenSSLPins() throws {
        try withServer { pki, port in
            let result = fetch(["localhost:\(port)", "--cafile", pki.rootPEM])
            #expect(result.status == 0, "stderr: \(result.error)")
            let leafPin = try pki.opensslPin(of: pki.leafPEM)
            let intermediatePin = try pki.opensslPin(of: pki.intermediatePEM)
            #expect(leafPin.count == 44)
            let lines = result.output.split(separator: "\n").map(String.init)
            let pins = lines.filter { $0.contains("pin:") }.map { $0.split(separator: " ").last.map(String.init) ?? "" }
            #expect(pins == [leafPin, intermediatePin])
            #expect(result.output.contains("CN=localhost"))
            #expect(result.output.contains("PinFetch Test Intermediate"))
            #expect(lines.last?.hasPrefix("verified: yes") == true)
        }
    }

    @Test func chainFromAnotherRootIsNotVerified() throws {
        try withServer { pki, port in
            let result = fetch(["localhost:\(port)", "--cafile", pki.otherRootPEM])
            #expect(result.status == 1)
            #expect(result.output.contains("not verified"))
            #expect(result.output.contains("issuer certificate"))
            #expect(result.output.contains("pin:"))
        }
    }

    @Test func wrongServerNameIsNotVerified() throws {
        try withServer { pki, port in
            let result = fetch(["127.0.0.1:\(port)", "--servername", "example.test", "--cafile", pki.rootPEM])
            #expect(result.status == 1)
            #expect(result.output.contains("not verified: hostname mismatch"))
        }
    }

    @Test func ipLiteralIsCheckedAgainstTheIPAddressSAN() throws {
        try withServer { pki, port in
            let result = fetch(["127.0.0.1:\(port)", "--cafile", pki.rootPEM])
            #expect(result.status == 0, "output: \(result.output) stderr: \(result.error)")
        }
    }

    @Test func closedPortIsAConnectFailure() throws {
        let port = try PinFetchTestServer.freePort()
        let result = fetch(["127.0.0.1:\(port)"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("devicetrust pin fetch: connect failed: "))
        #expect(!result.error.contains("USAGE:"), "a server that cannot be reached is no usage error")
        #expect(result.output.isEmpty)
    }

    @Test func unresolvableHostIsADNSFailure() {
        let result = fetch(["no-such-host.invalid:443"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("devicetrust pin fetch: DNS failed: "))
    }

    @Test(arguments: [[], ["--bogus"], ["localhost:notaport"], ["localhost:0"], ["a", "b"], ["localhost", "--cafile"], ["[::1"]])
    func badArgumentsAreUsageErrors(_ arguments: [String]) {
        let result = fetch(arguments)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("devicetrust pin fetch: "))
        #expect(result.error.contains("\nUSAGE: devicetrust pin fetch HOST[:PORT] [--servername NAME] [--cafile FILE]\n"))
    }

    @Test func endpointsSplitIntoHostAndPort() throws {
        #expect(try PinFetchCommand.splitEndpoint("example.test") == ("example.test", 443))
        #expect(try PinFetchCommand.splitEndpoint("example.test:8443") == ("example.test", 8443))
        #expect(try PinFetchCommand.splitEndpoint("[::1]:8443") == ("::1", 8443))
        #expect(try PinFetchCommand.splitEndpoint("[::1]") == ("::1", 443))
        #expect(try PinFetchCommand.splitEndpoint("::1") == ("::1", 443))
    }
}
