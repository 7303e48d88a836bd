import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// "TLS": the direct-TLS block in one bash, as shown (a free port instead of 8443): the
/// certificate is made, the server answers `/healthz` over HTTPS with it, and the `SIGHUP`
/// makes it read the files again (its log says so) while it keeps serving. The nginx block
/// is configuration, not a command, and nginx is not installed here: the run checks that it
/// forwards to the server's default loopback address and allows TLS 1.2 and 1.3 only.
enum TLSServerRun {
    static func run(_ context: ReadmeRunContext) throws {
        let shell = context.shell
        let port = try LoopbackPort.free()
        shell.substitute("8443", with: String(port))
        let commands = context.commandsToRun(inBlock: 0)
        let script = try shell.start(commands)
        defer { script.group.signalGroup(SIGKILL) }
        let status = script.group.wait(upTo: 120)
        let line = commands.first?.line ?? 0
        try #require(status == 0, "the TLS block (README.md:\(line)) ended with \(String(describing: status)):\n\(script.output)\n\(script.errors)")
        #expect(script.output.hasSuffix(#"{"status":"ok"}"#), "the curl loop prints what the README shows: \(script.output)")
        var reloaded = false
        for _ in 0..<50 where !reloaded {
            reloaded = script.errors.contains("SIGHUP: TLS certificate reloaded from tls-cert.pem")
            if !reloaded { usleep(100_000) }
        }
        #expect(reloaded, "the SIGHUP reloads the files: \(script.errors)")
        let after = try shell.runScript("curl -sS --cacert tls-cert.pem https://127.0.0.1:\(port)/healthz")
        #expect(after.output == #"{"status":"ok"}"#, "still serving HTTPS after the reload: \(after.output) \(after.errors)")
        let plain = try shell.runScript("curl -s --max-time 5 http://127.0.0.1:\(port)/healthz || true")
        #expect(plain.output != #"{"status":"ok"}"#, "plain HTTP to the TLS port gets no answer")

        let nginx = context.blocks[1].text
        #expect(nginx.contains("proxy_pass http://127.0.0.1:8080;"), "nginx forwards to the server's default address")
        #expect(nginx.contains("ssl_protocols TLSv1.2 TLSv1.3;"))
        script.group.signalGroup(SIGTERM)
        _ = script.group.wait(upTo: 20)
    }
}
