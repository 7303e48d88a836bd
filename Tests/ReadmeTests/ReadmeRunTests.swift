import Foundation
import Testing
import TrustStoreTestSupport

/// Runs every ``ReadmeRun``: the README's commands as shown (through ``ReadmeShell``'s
/// stand-ins and substitutions) and its Swift code, with the outcome each one promises.
/// Each run must execute every command of its blocks that it covers with ``Coverage/run``.
@Suite("README commands and code, run")
struct ReadmeRunTests {
    @Test("the commands and code of each part of the README do what it says", arguments: ReadmeRun.allCases)
    func run(_ run: ReadmeRun) async throws {
        let context = try ReadmeRunContext(run)
        switch run {
        case .appPackage: try AppPackageRun.run(context)
        case .backend: try await BackendRun.run(context)
        case .demo: try DemoRun.run(context)
        case .audit: try AuditRun.run(context)
        case .setUp: try SetUpRun.run(context)
        case .postgresNodes: try PostgresNodesRun.run(context)
        case .pinning: try PinningRun.run(context)
        case .attestationLibrary: try AttestationLibraryRun.run(context)
        case .protectedFiles: try ProtectedFilesRun.run(context)
        case .biometricGate: await BiometricGateRun.run(context)
        case .operations: try OperationsRun.run(context)
        case .tlsServer: try TLSServerRun.run(context)
        }
        if run == .postgresNodes && !PostgresTestServer.isAvailable { return }  // nothing ran (see PostgresNodesRun)
        context.expectEverythingRan()
    }
}

/// What a run works with: the README, its blocks, and a shell with a fresh work folder.
struct ReadmeRunContext: Sendable {
    let run: ReadmeRun
    let readme: ReadmeDocument
    let shell: ReadmeShell
    /// The run's blocks, in the order of ``ReadmeRun/blocks``.
    let blocks: [FencedBlock]

    init(_ run: ReadmeRun) throws {
        let readme = try ReadmeDocument.load()
        self.run = run
        self.readme = readme
        shell = try ReadmeShell(run.rawValue)
        blocks = try run.blocks.map { locator in
            guard let block = readme.block(locator) else {
                throw ReadmeRunFailure("README.md has no \(locator) (run \(run.rawValue)); see ReadmeRun.blocks")
            }
            return block
        }
    }

    /// The commands of block `index` that this run must run.
    func commandsToRun(inBlock index: Int) -> [ShellCommand] {
        blocks[index].commands.filter { run.coverage(of: $0.text) == .run }
    }

    /// The inline command `text` this run covers, as a command on its README line.
    func inlineCommand(_ text: String) throws -> ShellCommand {
        guard let span = readme.inlineSpans.first(where: { $0.text == text }) else {
            throw ReadmeRunFailure("README.md no longer shows `\(text)`; update ReadmeRun.inlineCommands")
        }
        return ShellCommand(line: span.line, text: span.text, shownOutput: nil)
    }

    /// Every command this run covers with ``Coverage/run`` was executed, and every
    /// substitution changed something.
    func expectEverythingRan() {
        let planned =
            blocks.indices.flatMap(commandsToRun(inBlock:))
            + run.inlineCommands.filter { $0.value == .run }.compactMap { try? inlineCommand($0.key) }
        for command in planned where !shell.executed.contains(command.line) {
            Issue.record("\(command): ReadmeRun.\(run.rawValue) covers this command but did not run it")
        }
        for shown in shell.unusedSubstitutions {
            Issue.record("ReadmeRun.\(run.rawValue): the README no longer contains `\(shown)`, which the run substitutes")
        }
    }

    /// Runs `command` and checks its exit status is one of `statuses` and its output is the
    /// one the README shows (if it shows one).
    @discardableResult
    func expectRun(_ command: ShellCommand, statuses: Set<Int32> = [0], seconds: TimeInterval = 120) throws -> ShellResult {
        let result = try shell.run(command, seconds: seconds)
        #expect(statuses.contains(result.status), "\(command): exit \(result.status)\n\(result.output)\n\(result.errors)")
        #expect(command.matchesShownOutput(result.output), "\(command): printed \(result.output), the README shows \(command.shownOutput ?? "")")
        return result
    }
}
