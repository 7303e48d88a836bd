import Foundation
import ServerCredentials
import Testing

/// "Operating the server": the JSON-logging `devicetrust serve` as shown (on a free port
/// instead of 8080), then `devicetrust keys rotate` on its data directory, which the running
/// server publishes within seconds, and the metrics command. Every line the server wrote is
/// one JSON object, and the requests the other commands made are among them.
enum OperationsRun {
    static func run(_ context: ReadmeRunContext) throws {
        let shell = context.shell
        let port = try LoopbackPort.free()
        shell.substitute("8080", with: String(port))
        let serve = context.commandsToRun(inBlock: 2)
        try #require(serve.count == 1, "the logs section starts the server with one command")
        let server = try shell.start(serve[0])
        defer { _ = server.interrupt() }
        let first = try #require(server.line(startingWith: "{", within: 60), "\(serve[0]): printed \(server.output) \(server.errors)")
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(announcement["event"] as? String == "message")
        #expect((announcement["message"] as? String)?.hasPrefix("admin key file: ") == true, "\(first)")

        func publishedKeyIDs() throws -> Set<String> {
            let jwks = try shell.runScript("curl -s http://127.0.0.1:\(port)/.well-known/jwks.json").output
            return Set(try JSONWebKeySet.publicKeys(from: Data(jwks.utf8)).keys)
        }
        let before = try publishedKeyIDs()
        #expect(before.count == 1)
        let rotate = context.commandsToRun(inBlock: 0)
        try #require(rotate.count == 1)
        let rotated = try context.expectRun(rotate[0])
        #expect(rotated.output.hasPrefix("added token-signing key "), "\(rotated.output)")
        let newKey = String(rotated.output.split(separator: " ").dropFirst(3).first ?? "")
        let deadline = Date().addingTimeInterval(15)
        var after = before
        while Date() < deadline, !after.contains(newKey) {
            usleep(250_000)
            after = try publishedKeyIDs()
        }
        #expect(after == before.union([newKey]), "the running server publishes the new key next to the current one within seconds")

        for command in context.commandsToRun(inBlock: 1) {
            let metrics = try context.expectRun(command)
            #expect(metrics.output.hasPrefix("devicetrust_build_info{version=\""), "\(command): \(metrics.output)")
        }

        #expect(server.interrupt() == 0, "Ctrl-C stops the server cleanly")
        let lines = server.output.split(separator: "\n")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "one JSON object per line: \(line)")
        }
        #expect(lines.contains { $0.contains(#""event":"request""#) && $0.contains(#""route":"GET /.well-known/jwks.json""#) })
        #expect(lines.contains { $0.contains(#""route":"GET /metrics""#) && $0.contains(#""requestId":""#) })
    }
}
