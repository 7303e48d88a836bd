import Foundation
import Pinning
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// "Pinning an API host with a backup pin": the commands as shown, `api.example.com` being
/// `openssl s_server` on a free loopback port with a leaf for api.example.com under a test
/// root that `SSL_CERT_FILE` makes the system's root for the run; the placeholders
/// CURRENT_PIN and BACKUP_PIN become the pins `pin hash` printed, NEW_PIN the test root's
/// pin, and App/Info.plist is an Info.plist holding the fragment `pin plist` printed. Then
/// the README's policy code (`Snippets/APIPinningPolicy.swift`) decides on the served chain.
enum PinningRun {
    static func run(_ context: ReadmeRunContext) throws {
        let shell = context.shell
        let port = try LoopbackPort.free()
        try makeTestPKI(shell)
        let server = try shell.startScript("exec openssl s_server -accept 127.0.0.1:\(port) -cert pki/leaf.pem -key pki/leaf.key -www -quiet")
        defer { server.group.signalGroup(SIGKILL) }
        let accepting = try shell.runScript(
            "for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/\(port)) 2>/dev/null && exit 0; sleep 0.05; done; exit 1")
        try #require(accepting.status == 0, "openssl s_server did not start: \(server.errors)")
        shell.setEnvironment("SSL_CERT_FILE", shell.folder.appendingPathComponent("pki/root.pem").path)
        shell.substitute("pin fetch api.example.com", with: "pin fetch 127.0.0.1:\(port) --servername api.example.com")
        shell.substitute("-connect api.example.com:443", with: "-connect 127.0.0.1:\(port)")

        var fetchedPin: String?
        var pins: [String: String] = [:]
        for command in context.commandsToRun(inBlock: 0) {
            let text = command.text
            let result = try context.expectRun(command)
            if text.contains("pin fetch") {
                #expect(result.output.contains("verified: yes"), "\(command): \(result.output)")
                fetchedPin = result.output.split(separator: "\n").first { $0.hasPrefix("  pin:") }?
                    .split(separator: " ").last.map(String.init)
            } else if text.contains("pin hash") {
                for line in result.output.split(separator: "\n") {
                    let fields = line.components(separatedBy: "  ")
                    if fields.count >= 2 { pins[fields[1]] = fields[0] }
                }
                let current = try #require(pins["server.pem"], "\(command): \(result.output)")
                #expect(current == fetchedPin, "the leaf's pin from `pin hash` is the one `pin fetch` showed")
                shell.substitute("CURRENT_PIN", with: current)
                shell.substitute("BACKUP_PIN", with: try #require(pins["backup.pem"]))
                shell.substitute("NEW_PIN", with: try rootPin(shell))
            } else if text.contains("pin plist") {
                try FileManager.default.createDirectory(at: shell.folder.appendingPathComponent("App"), withIntermediateDirectories: true)
                let plist = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                    <plist version="1.0">
                    <dict>
                    \(result.output)</dict>
                    </plist>

                    """
                try Data(plist.utf8).write(to: shell.folder.appendingPathComponent("App/Info.plist"))
            } else if text.contains("pin check") {
                #expect(result.output.isEmpty, "\(command): nothing to report for both pins matching: \(result.output)")
            } else if text.contains("rotate-plan") {
                #expect(pins.values.allSatisfy(result.output.contains), "\(command): the plan names both pins")
            }
        }
        try expectPolicyDecides(shell, current: try #require(pins["server.pem"]), backup: try #require(pins["backup.pem"]))
    }

    /// A root CA and a leaf for api.example.com under it, in `pki/`.
    static func makeTestPKI(_ shell: ReadmeShell) throws {
        let made = try shell.runScript(
            """
            mkdir pki
            openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj "/CN=DeviceTrust README test root" \\
                -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign -keyout pki/root.key -out pki/root.pem 2>/dev/null
            openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=api.example.com \\
                -keyout pki/leaf.key -out pki/leaf.csr 2>/dev/null
            printf 'subjectAltName=DNS:api.example.com\\nbasicConstraints=critical,CA:FALSE\\nextendedKeyUsage=serverAuth\\n' > pki/leaf.ext
            openssl x509 -req -in pki/leaf.csr -CA pki/root.pem -CAkey pki/root.key -CAcreateserial -days 2 \\
                -extfile pki/leaf.ext -out pki/leaf.pem 2>/dev/null
            """)
        try #require(made.status == 0, "the test PKI: \(made.errors)")
    }

    /// The test root's pin: a third key, for NEW_PIN.
    static func rootPin(_ shell: ReadmeShell) throws -> String {
        let hashed = try shell.runScript("devicetrust pin hash pki/root.pem")
        let pin = hashed.output.components(separatedBy: "  ")[0]
        try #require(hashed.status == 0 && !pin.isEmpty, "pin hash pki/root.pem: \(hashed.errors)")
        return pin
    }

    /// The README's `apiPinningPolicy` allows the served leaf and the backup, rejects another
    /// key, and refuses a set with one pin.
    static func expectPolicyDecides(_ shell: ReadmeShell, current: String, backup: String) throws {
        let policy = try apiPinningPolicy(currentPin: current, backupPin: backup)
        for (file, allowed) in [("server.pem", true), ("backup.pem", true), ("pki/root.pem", false)] {
            let decision = policy.evaluate(host: "api.example.com", chain: [try der(shell, file)], systemTrustPassed: true)
            #expect((decision == .allow) == allowed, "\(file): \(decision)")
        }
        #expect(throws: (any Error).self, "a set with a single pin is refused") {
            try apiPinningPolicy(currentPin: current, backupPin: current)
        }
    }

    /// The DER bytes of the PEM certificate `file` in the work folder.
    static func der(_ shell: ReadmeShell, _ file: String) throws -> Data {
        let pem = try String(contentsOf: shell.folder.appendingPathComponent(file), encoding: .utf8)
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return try #require(Data(base64Encoded: base64), "\(file) is PEM")
    }
}
