import Foundation
import RepositoryTestSupport
import Testing

/// "Every command it shows is run by a test or by CI": every block of the README belongs to
/// a ``ReadmeRun``, every Swift block is a compiled file of this target, every command line
/// in a block or in the prose is run by a run, run by CI, or listed with the reason it is
/// not. A failure names the README line.
@Suite("README: everything shown is run, compiled or found in CI")
struct ReadmeCoverageTests {
    let readme: ReadmeDocument

    init() throws { readme = try ReadmeDocument.load() }

    /// The runs whose blocks include `block`.
    func runs(of block: FencedBlock) -> [ReadmeRun] {
        ReadmeRun.allCases.filter { $0.blocks.contains(BlockLocator(section: block.section, ordinal: block.ordinal, language: block.language)) }
    }

    @Test("every fenced block belongs to exactly one run, and every run finds its blocks")
    func everyBlockBelongsToARun() {
        for block in readme.blocks {
            let owners = runs(of: block)
            if owners.isEmpty {
                Issue.record(
                    """
                    README.md:\(block.fenceLine): the \(block.language) block under "\(block.section)" is run by no test: \
                    give it to a ReadmeRun (Tests/ReadmeTests/Readme/ReadmeRun.swift) and run it
                    """)
                for command in block.commands {
                    Issue.record("\(command) — run by no test and no CI script")
                }
            }
            #expect(owners.count <= 1, "README.md:\(block.fenceLine): claimed by \(owners.map(\.rawValue)) at once")
        }
        for run in ReadmeRun.allCases {
            for locator in run.blocks where readme.block(locator) == nil {
                Issue.record("ReadmeRun.\(run.rawValue): README.md has no \(locator)")
            }
        }
    }

    @Test("every Swift block is identical to a compiled file of Snippets/ (the app's Package.swift aside), and every file is in the README")
    func swiftBlocksAreCompiledFiles() throws {
        let files = try Snippets.files()
        let manifests = ReadmeRun.appPackage.blocks
        var shown: Set<String> = []
        for block in readme.blocks where block.language == "swift" {
            if manifests.contains(BlockLocator(section: block.section, ordinal: block.ordinal, language: block.language)) { continue }
            if let file = files.first(where: { $0.text == block.text }) {
                shown.insert(file.name)
                continue
            }
            Issue.record(
                """
                README.md:\(block.fenceLine): this Swift block is no file of Tests/ReadmeTests/Snippets, so nothing compiles it. \
                \(Self.closest(block, in: files))
                """)
        }
        for file in files where !shown.contains(file.name) {
            Issue.record("Tests/ReadmeTests/Snippets/\(file.name) is in no Swift block of README.md: update the README or the file")
        }
    }

    @Test("commands marked as CI's are in .ci/run (every other command is run by a test)")
    func ciCommands() throws {
        let ci = try CICommands.load()
        for block in readme.blocks {
            guard let run = runs(of: block).first else { continue }
            for command in block.commands {
                switch run.coverage(of: command.text) {
                case .run: break
                case .ci: #expect(ci.runs(command.text), "\(command): marked as run by CI, but .ci/run does not run it")
                }
            }
        }
    }

    @Test("every command line in the prose is run by a run or by CI, or is part of one")
    func inlineCommandsAreCovered() throws {
        let ci = try CICommands.load()
        let claimed = Set(ReadmeRun.allCases.flatMap(\.inlineCommands.keys))
        var shown: [String] = []
        for block in readme.blocks {
            guard let run = runs(of: block).first else { continue }
            for command in block.commands {
                shown.append(command.text)
                if run.coverage(of: command.text) == .run, let target = CICommands.makeTarget(of: command.text) {
                    shown += ci.makefile.recipe(of: target)
                }
            }
        }
        for span in readme.inlineSpans where span.isCommand && !claimed.contains(span.text) {
            let covered = shown.contains { $0.contains(span.text) } || ci.text.contains(span.text)
            #expect(
                covered,
                """
                README.md:\(span.line): `\(span.text)` is a command no test and no CI script runs: \
                show it in a block a ReadmeRun runs, or claim it in ReadmeRun.inlineCommands
                """)
        }
    }

    /// The snippet file most like `block`, and where they first differ.
    static func closest(_ block: FencedBlock, in files: [(name: String, text: String)]) -> String {
        let lines = block.text.components(separatedBy: "\n")
        let scored = files.map { file -> (name: String, same: Int, lines: [String]) in
            let fileLines = file.text.components(separatedBy: "\n")
            return (file.name, Set(fileLines).intersection(lines).count, fileLines)
        }
        guard let best = scored.max(by: { $0.same < $1.same }), best.same > 0 else {
            return "Add it as a file there."
        }
        let index =
            zip(lines, best.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(lines.count, best.lines.count)
        let readmeLine = index < lines.count ? lines[index] : "(end)"
        let fileLine = index < best.lines.count ? best.lines[index] : "(end)"
        let line = block.fenceLine + 1 + index
        return "Closest: \(best.name), which differs first at README.md:\(line): \"\(readmeLine)\" there, \"\(fileLine)\" in the file."
    }
}

/// What CI runs: `.ci/run`, and the Makefile recipes of the `make` commands it runs.
struct CICommands {
    let makefile: Makefile
    /// `.ci/run`'s command lines and the recipes they reach, `$(SWIFT)` read as `swift`.
    let text: String
    private let lines: [String]

    static func load() throws -> CICommands {
        let script = try String(contentsOf: RepositoryFiles.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let makefile = try Makefile.load()
        let lines = script.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        let recipes = lines.compactMap(makeTarget(of:)).flatMap(makefile.recipe(of:))
        return CICommands(makefile: makefile, text: (lines + recipes).joined(separator: "\n"), lines: lines)
    }

    /// Whether a line of `.ci/run` runs `command` (possibly with a redirection after it).
    func runs(_ command: String) -> Bool {
        lines.contains { $0 == command || $0.hasPrefix(command + " <") || $0.hasPrefix(command + " >") }
    }

    /// The target of a `make TARGET …` command (`help` for a bare `make`).
    static func makeTarget(of command: String) -> String? {
        let words = command.split(separator: " ").map(String.init)
        guard words.first == "make" else { return nil }
        return words.dropFirst().first { !$0.contains("=") && !$0.hasPrefix("-") } ?? "help"
    }
}

/// The repository's Makefile, read for its recipes.
struct Makefile {
    let lines: [String]

    static func load() throws -> Makefile {
        Makefile(
            lines: try String(contentsOf: RepositoryFiles.root.appendingPathComponent("Makefile"), encoding: .utf8)
                .components(separatedBy: "\n"))
    }

    /// The recipe lines of `target` and of its prerequisites, `$(SWIFT)` read as `swift`.
    func recipe(of target: String) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(target + ":") }) else { return [] }
        let prerequisites = lines[start].dropFirst(target.count + 1).split(separator: " ").map(String.init)
        let own = lines[(start + 1)...].prefix { $0.hasPrefix("\t") }
            .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "$(SWIFT)", with: "swift") }
        return prerequisites.flatMap(recipe(of:)) + own
    }
}
