import Foundation
import Testing

@testable import MicroHTTP
import MicroHTTPTestSupport

/// HTTPS through libmicrohttpd's GnuTLS: versions, plain HTTP refused, credentials reloaded.
@Suite struct TLSServerTests {
    let first: TestTLSCertificate
    let server = HTTPServer()
    let port: UInt16

    init() throws {
        first = try TestTLSCertificate(commonName: "devicetrust-test-1")
        port = try server.start(port: 0, tls: TLSCredentials(certificateChainPEM: first.certificatePEM, privateKeyPEM: first.keyPEM)) { _ in
            .text("secure")
        }
    }

    @Test func tls13AndTls12AreServedAndAnHTTPSRequestIsAnswered() {
        let tls13 = first.handshake(port: port, options: "-tls1_3 -brief")
        #expect(tls13.status == 0 && tls13.output.contains("TLSv1.3"), "\(tls13.output)")
        let tls12 = first.handshake(port: port, options: "-tls1_2 -brief")
        #expect(tls12.status == 0 && tls12.output.contains("TLSv1.2"), "\(tls12.output)")
        let curl = TestTLSCertificate.run("curl -sS --cacert \(first.certificatePath) https://127.0.0.1:\(port)/hello", in: first.directory)
        #expect(curl.status == 0 && curl.output == "secure", "\(curl.output)")
        #expect(server.isServingTLS)
    }

    @Test func tls11WeakCiphersAndPlainHTTPAreRefused() throws {
        let tls11 = first.handshake(port: port, options: "-tls1_1 -cipher DEFAULT@SECLEVEL=0")
        #expect(tls11.status != 0, "\(tls11.output)")
        let cbc = first.handshake(port: port, options: "-tls1_2 -cipher ECDHE-ECDSA-AES128-SHA256")
        #expect(cbc.status != 0, "a CBC cipher suite is refused: \(cbc.output)")
        let plain = try? LoopbackHTTPClient.request(port: port, method: "GET", target: "/hello")
        #expect(plain?.status != 200, "plain HTTP to the TLS port gets no answer")
    }

    @Test func reloadingSwitchesNewConnectionsToTheNewCertificate() throws {
        #expect(first.handshake(port: port, options: "-tls1_3").output.contains("CN = devicetrust-test-1"))
        let second = try TestTLSCertificate(commonName: "devicetrust-test-2")
        try server.reloadTLS(TLSCredentials(certificateChainPEM: second.certificatePEM, privateKeyPEM: second.keyPEM))
        let after = second.handshake(port: port, options: "-tls1_3")
        #expect(after.output.contains("CN = devicetrust-test-2"), "\(after.output)")
        let curl = TestTLSCertificate.run("curl -sS --cacert \(second.certificatePath) https://127.0.0.1:\(port)/x", in: second.directory)
        #expect(curl.output == "secure", "\(curl.output)")
    }

    @Test func aBadReloadIsRefusedAndTheOldCertificateStays() throws {
        let other = try TestTLSCertificate(commonName: "devicetrust-test-other")
        let mismatched = TLSCredentials(certificateChainPEM: first.certificatePEM, privateKeyPEM: other.keyPEM)
        #expect(throws: HTTPServerError(.invalidTLSCredentials, "")) { try server.reloadTLS(mismatched) }
        #expect(throws: HTTPServerError(.invalidTLSCredentials, "")) {
            try server.reloadTLS(TLSCredentials(certificateChainPEM: "not a certificate", privateKeyPEM: first.keyPEM))
        }
        do {
            try server.reloadTLS(mismatched)
        } catch {
            #expect(!error.reason.contains("PRIVATE KEY"), "the reason never quotes the key")
        }
        #expect(first.handshake(port: port, options: "-tls1_3").output.contains("CN = devicetrust-test-1"))
        #expect(!"\(mismatched)".contains("PRIVATE KEY"))
    }

    @Test func startingWithBadCredentialsFailsWithAnActionableError() throws {
        let other = try TestTLSCertificate(commonName: "devicetrust-test-other")
        #expect(throws: HTTPServerError(.invalidTLSCredentials, "")) {
            try HTTPServer().start(port: 0, tls: TLSCredentials(certificateChainPEM: first.certificatePEM, privateKeyPEM: other.keyPEM)) { _ in .noContent }
        }
        #expect(throws: HTTPServerError(.notServingTLS, "")) {
            let plain = HTTPServer()
            _ = try plain.start(port: 0) { _ in .noContent }
            try plain.reloadTLS(TLSCredentials(certificateChainPEM: first.certificatePEM, privateKeyPEM: first.keyPEM))
        }
    }
}
