import Foundation
import MicroHTTPTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `devicetrust serve --tls-cert FILE --tls-key FILE` as a process: HTTPS only, and the
/// files read again on SIGHUP (a bad new pair keeps the old one, with a clear log line).
@Suite(.serialized) struct TLSServeTests {
    @Test func serveSpeaksHTTPSOnlyAndReloadsItsCertificateOnSIGHUP() throws {
        let first = try TestTLSCertificate(commonName: "devicetrust-serve-1")
        let root = first.directory.appendingPathComponent("serve")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let certificate = root.appendingPathComponent("served-cert.pem").path
        let key = root.appendingPathComponent("served-key.pem").path
        try Self.install(first, certificate: certificate, key: key)
        let node = try ServeNode(
            dataDirectory: root.appendingPathComponent("data").path, database: "sqlite:\(root.appendingPathComponent("db.sqlite").path)",
            arguments: ["--tls-cert", certificate, "--tls-key", key],
            isReady: { port in
                TestTLSCertificate.run("curl -sf --cacert \(first.certificatePath) https://127.0.0.1:\(port)/healthz", in: first.directory).status == 0
            })

        let health = TestTLSCertificate.run("curl -sS --cacert \(first.certificatePath) https://127.0.0.1:\(node.port)/healthz", in: first.directory)
        #expect(health.output.contains("\"ok\""), "\(health.output)")
        #expect(first.handshake(port: node.port, options: "-tls1_2 -brief").output.contains("TLSv1.2"))
        #expect(first.handshake(port: node.port, options: "-tls1_1 -cipher DEFAULT@SECLEVEL=0").status != 0)
        #expect((try? node.get("/healthz"))?.status != 200, "plain HTTP to the TLS port gets no answer")

        let second = try TestTLSCertificate(commonName: "devicetrust-serve-2")
        try Self.install(second, certificate: certificate, key: key)
        node.send(signal: SIGHUP)
        #expect(Self.eventually { second.handshake(port: node.port, options: "-tls1_3").output.contains("CN = devicetrust-serve-2") })
        #expect(node.log.contains("SIGHUP: TLS certificate reloaded from \(certificate)"), "\(node.log)")

        let other = try TestTLSCertificate(commonName: "devicetrust-serve-other")
        try FileManager.default.removeItem(atPath: key)
        try FileManager.default.copyItem(atPath: other.keyPath, toPath: key)  // a key that is not the certificate's
        node.send(signal: SIGHUP)
        #expect(Self.eventually { node.log.contains("SIGHUP: TLS reload failed, still serving the previous certificate") }, "\(node.log)")
        #expect(second.handshake(port: node.port, options: "-tls1_3").output.contains("CN = devicetrust-serve-2"))
        #expect(!node.log.contains("PRIVATE KEY"), "the log never quotes the key")
        #expect(node.isRunning)
    }

    @Test func serveRefusesAKeyThatIsNotTheCertificatesWithAClearError() throws {
        let first = try TestTLSCertificate(commonName: "devicetrust-serve-1")
        let other = try TestTLSCertificate(commonName: "devicetrust-serve-other")
        let data = first.directory.appendingPathComponent("data").path
        do {
            _ = try ServeNode(
                dataDirectory: data, database: "sqlite:\(data).sqlite", arguments: ["--tls-cert", first.certificatePath, "--tls-key", other.keyPath],
                readyWithin: 10, isReady: { _ in false })
            Issue.record("serve started with a key that is not the certificate's")
        } catch {
            let message = "\(error)"
            #expect(message.contains("exited"), "\(message)")
            #expect(message.contains("devicetrust serve: --tls-cert/--tls-key: the TLS certificate and key were refused"), "\(message)")
            #expect(!message.contains("PRIVATE KEY"))
        }
    }

    private static func install(_ certificate: TestTLSCertificate, certificate certificatePath: String, key keyPath: String) throws {
        for (from, to) in [(certificate.certificatePath, certificatePath), (certificate.keyPath, keyPath)] {
            try? FileManager.default.removeItem(atPath: to)
            try FileManager.default.copyItem(atPath: from, toPath: to)
        }
    }

    private static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<50 {
            if condition() { return true }
            usleep(100_000)
        }
        return false
    }
}
