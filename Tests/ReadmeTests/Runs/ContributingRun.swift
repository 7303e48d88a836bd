import Foundation
import RepositoryTestSupport
import Testing

/// "Contributing": `make` lists every developer command the README shows, and
/// `make bench ARGS=--quick` runs the benchmark (the test build for SwiftPM's release
/// build). The commands that do not run here (``ReadmeRun/coverage(of:)`` says why) are
/// still checked: `make -n` accepts each of them, and a test filter names tests that exist.
enum ContributingRun {
    static func run(_ context: ReadmeRunContext) throws {
        let shell = context.shell
        try shell.link("Makefile", to: RepositoryFiles.root.appendingPathComponent("Makefile"))
        try shell.link("scripts", to: RepositoryFiles.root.appendingPathComponent("scripts"))
        let shown = context.blocks.flatMap(\.commands)
        let targets = Set(shown.filter { $0.text.hasPrefix("make ") }.map { String($0.text.split(separator: " ")[1]) })
        for command in context.commandsToRun(inBlock: 0) {
            let result = try context.expectRun(command, seconds: 300)
            if command.text == "make" {
                for target in targets.sorted() {
                    #expect(result.output.contains("make \(target)"), "\(command): the list names make \(target)")
                }
            } else if command.text.hasPrefix("make bench") {
                #expect(result.output.contains("openssl speed") && result.output.contains("P-256 sign"), "\(command): \(result.output)")
                shell.noteExecuted(try context.inlineCommand("openssl speed"))
            }
        }
        let inline = try context.run.inlineCommands.keys.filter { context.run.coverage(of: $0) != .run }.map(context.inlineCommand)
        for command in shown.filter({ context.run.coverage(of: $0.text) != .run }) + inline {
            try expectAccepted(command, shell)
        }
    }

    /// A command that does not run here is still one `make -n` accepts, and a test filter
    /// names test targets, types and functions that exist.
    static func expectAccepted(_ command: ShellCommand, _ shell: ReadmeShell) throws {
        if command.text.hasPrefix("make") {
            let dryRun = try shell.runScript("make -n " + command.text.dropFirst("make".count))
            #expect(dryRun.status == 0, "\(command): make -n fails: \(dryRun.errors)")
        }
        let filter =
            command.text.components(separatedBy: "FILTER=").dropFirst().first
            ?? command.text.components(separatedBy: "--filter ").dropFirst().first
        guard let filter else { return }
        let names = filter.trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
            .split(whereSeparator: { $0 == "/" || $0 == "." }).map(String.init)
        let tests = RepositoryFiles.root.appendingPathComponent("Tests")
        let sources = try FileManager.default.subpathsOfDirectory(atPath: tests.path).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8) }.joined()
        for name in names {
            let exists =
                FileManager.default.fileExists(atPath: tests.appendingPathComponent(name).path)
                || ["struct ", "class ", "func "].contains { sources.contains($0 + name) }
            #expect(exists, "\(command): no test target, suite or test is named \(name)")
        }
    }
}
