import Foundation
import RepositoryTestSupport

/// README.md as the tests read it: its headings, fenced code blocks and inline code spans,
/// each with the line it starts on.
struct ReadmeDocument: Sendable {
    /// The repository's README.md.
    static let url = RepositoryFiles.root.appendingPathComponent("README.md")

    /// The README as it is in the working tree.
    static func load() throws -> ReadmeDocument {
        try ReadmeDocument(text: String(contentsOf: url, encoding: .utf8))
    }

    let blocks: [FencedBlock]
    let inlineSpans: [InlineSpan]

    init(text: String) {
        var blocks: [FencedBlock] = []
        var spans: [InlineSpan] = []
        var section = ""
        var open: (language: String, line: Int, body: [NumberedLine])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let number = index + 1
            if var fence = open {
                if line.hasPrefix("```") {
                    let ordinal = blocks.filter { $0.section == section }.count
                    blocks.append(FencedBlock(language: fence.language, fenceLine: fence.line, section: section, ordinal: ordinal, body: fence.body))
                    open = nil
                } else {
                    fence.body.append(NumberedLine(number: number, text: line))
                    open = fence
                }
            } else if line.hasPrefix("```") {
                open = (String(line.dropFirst(3)), number, [])
            } else if line.hasPrefix("#") {
                section = String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            } else {
                spans += Self.codeSpans(in: line).map { InlineSpan(line: number, text: $0, section: section) }
            }
        }
        self.blocks = blocks
        inlineSpans = spans
    }

    /// The texts between single backticks on one line.
    static func codeSpans(in line: String) -> [String] {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }

    /// The block `locator` names, if the README has it.
    func block(_ locator: BlockLocator) -> FencedBlock? {
        blocks.first { $0.section == locator.section && $0.ordinal == locator.ordinal && $0.language == locator.language }
    }
}

/// A line of the README with its 1-based number.
struct NumberedLine: Sendable, Hashable {
    let number: Int
    let text: String
}

/// A fenced code block: its language, the line of its opening fence, the heading it is
/// under and its place among that heading's blocks (0 for the first).
struct FencedBlock: Sendable {
    let language: String
    let fenceLine: Int
    let section: String
    let ordinal: Int
    let body: [NumberedLine]

    /// The block's text, every line ending in a newline: what a file holding it contains.
    var text: String { body.map { $0.text + "\n" }.joined() }

    /// The commands of a shell block, in order (none for other languages).
    var commands: [ShellCommand] { language == "sh" ? ShellCommand.commands(in: body) : [] }
}

/// One command of a shell block: its lines joined as written (continuations kept), without
/// a trailing comment, and the output that comment shows when it shows one.
struct ShellCommand: Sendable, Hashable, CustomStringConvertible {
    /// The README line the command starts on.
    let line: Int
    /// The command as a shell reads it.
    let text: String
    /// A trailing comment or the comment line right after the command that starts with `{`:
    /// the output the README shows, `…` standing for any text.
    let shownOutput: String?

    var description: String { "README.md:\(line): \(text)" }

    static func commands(in body: [NumberedLine]) -> [ShellCommand] {
        var commands: [ShellCommand] = []
        var pending: (line: Int, lines: [String])?
        for line in body {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            if pending == nil {
                if trimmed.isEmpty { continue }
                if trimmed.hasPrefix("#") {
                    let comment = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
                    if comment.hasPrefix("{"), let last = commands.last, last.shownOutput == nil {
                        commands[commands.count - 1] = ShellCommand(line: last.line, text: last.text, shownOutput: comment)
                    }
                    continue
                }
            }
            let (code, comment) = splitComment(line.text)
            var current = pending ?? (line.number, [])
            if code.hasSuffix("\\") {
                current.lines.append(code)
                pending = current
                continue
            }
            current.lines.append(code)
            pending = nil
            let output = comment.flatMap { $0.hasPrefix("{") ? $0 : nil }
            commands.append(ShellCommand(line: current.line, text: current.lines.joined(separator: "\n"), shownOutput: output))
        }
        return commands
    }

    /// The code before a `#` comment outside quotes (the comment's text after `#`, trimmed),
    /// with trailing blanks removed.
    static func splitComment(_ line: String) -> (code: String, comment: String?) {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " {
                let code = String(line[..<index]).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
                return (code, line[line.index(after: index)...].trimmingCharacters(in: .whitespaces))
            }
            previous = character
        }
        return (line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression), nil)
    }

    /// Whether `output` is what ``shownOutput`` shows (`…` matching any text, surrounding
    /// blanks ignored); `true` when the README shows none.
    func matchesShownOutput(_ output: String) -> Bool {
        guard let shownOutput else { return true }
        let pattern = shownOutput.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*")
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
            .range(of: "^" + pattern + "$", options: .regularExpression) != nil
    }
}

/// A code span on a line outside the fenced blocks.
struct InlineSpan: Sendable, Hashable {
    let line: Int
    let text: String
    let section: String

    /// Words that start a command line a reader could type.
    static let commandWords: Set<String> = ["make", "swift", "devicetrust", "curl", "openssl", "sudo", "runuser", "psql", "createdb", "bash"]

    /// Whether the span is a command line rather than a name: it starts with a command
    /// word, or runs a file of the repository with arguments (`scripts/… ARGS`,
    /// `.build/… ARGS`; the bare path names a file).
    var isCommand: Bool {
        let words = text.split(separator: " ").map(String.init)
        guard let first = words.first else { return false }
        return Self.commandWords.contains(first) || (words.count > 1 && (first.hasPrefix("scripts/") || first.hasPrefix(".build/")))
    }
}

/// Where a block is in the README: under which heading, which one there, which language.
struct BlockLocator: Sendable, Hashable, CustomStringConvertible {
    let section: String
    let ordinal: Int
    let language: String

    var description: String { "the \(language) block #\(ordinal + 1) under \"\(section)\"" }
}
