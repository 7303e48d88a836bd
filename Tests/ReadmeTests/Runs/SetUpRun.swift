import Foundation
import RepositoryTestSupport
import Testing

/// "Set-up": `make run` as shown, through the real Makefile and `scripts/install-deps.sh`
/// (SwiftPM's release build replaced by the test build): it prints the admin key file, serves
/// on 127.0.0.1:8080 with `./devicetrust-data`, and stops on Ctrl-C; then the `ARGS` example.
/// `make test` is CI's command (``ReadmeCoverageTests`` finds it in `.ci/run`).
enum SetUpRun {
    static func run(_ context: ReadmeRunContext) throws {
        let shell = context.shell
        try shell.link("Makefile", to: RepositoryFiles.root.appendingPathComponent("Makefile"))
        try shell.link("scripts", to: RepositoryFiles.root.appendingPathComponent("scripts"))
        for command in context.commandsToRun(inBlock: 0) {
            guard LoopbackPort.isFree(8080) else {
                Issue.record("\(command): port 8080 is taken on this machine, so the README's command cannot run; free it and run again")
                continue
            }
            try expectServes(command, port: 8080, dataDirectory: shell.folder.appendingPathComponent("devicetrust-data"), context)
        }
        let port = try LoopbackPort.free()
        let dataDirectory = shell.folder.appendingPathComponent("var-lib-devicetrust")
        shell.substitute("9090", with: String(port))
        shell.substitute("/var/lib/devicetrust", with: dataDirectory.path)
        let withOptions = try context.inlineCommand(#"make run ARGS="--port 9090 --data-dir /var/lib/devicetrust""#)
        try expectServes(withOptions, port: port, dataDirectory: dataDirectory, context)
    }

    /// Starts `command`, which must announce the admin key file in `dataDirectory`, answer
    /// `/healthz` on `port`, keep its secrets private, and stop on Ctrl-C.
    static func expectServes(_ command: ShellCommand, port: UInt16, dataDirectory: URL, _ context: ReadmeRunContext) throws {
        let server = try context.shell.start(command)
        defer { _ = server.interrupt() }
        let line = server.line(startingWith: "admin key file: ", within: 180)
        try #require(
            line == "admin key file: " + dataDirectory.appendingPathComponent("admin-api-key").path,
            "\(command): printed \(server.output) \(server.errors)")
        let health = try context.shell.runScript("curl -s http://127.0.0.1:\(port)/healthz")
        #expect(health.output == #"{"status":"ok"}"#, "\(command): /healthz on port \(port) answered \(health.output)")
        let folder = try FileManager.default.attributesOfItem(atPath: dataDirectory.path)[.posixPermissions] as? Int
        #expect(folder == 0o700, "\(command): the data directory is mode 0700")
        let keyFolder = "token-signing-keys"
        let keyFiles = try FileManager.default.contentsOfDirectory(atPath: dataDirectory.appendingPathComponent(keyFolder).path).map { "\(keyFolder)/\($0)" }
        #expect(keyFiles.count == 1, "\(command): one token-signing key")
        let keys = try FileManager.default.attributesOfItem(atPath: dataDirectory.appendingPathComponent(keyFolder).path)[.posixPermissions] as? Int
        #expect(keys == 0o700, "\(command): \(keyFolder) is mode 0700")
        for file in try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path).filter({ $0 != keyFolder }) + keyFiles {
            let mode = try FileManager.default.attributesOfItem(atPath: dataDirectory.appendingPathComponent(file).path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(command): \(file) is mode 0600")
        }
        #expect(server.interrupt(within: 10) != nil, "\(command): Ctrl-C stops it")
        let after = try context.shell.runScript("curl -s http://127.0.0.1:\(port)/healthz || echo refused")
        #expect(after.output.hasPrefix("refused"), "\(command): nothing answers on port \(port) after Ctrl-C")
    }
}
