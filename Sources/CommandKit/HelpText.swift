/// Help and usage text, made from ``CommandConfiguration`` and ``CommandGroup`` so that
/// what `--help` says is what the parser accepts.
public enum HelpText {
    /// The width help paragraphs are wrapped to.
    static let width = 100
    /// Where option descriptions start.
    static let descriptionColumn = 32

    /// `USAGE: devicetrust serve [options]` for `path` (`["devicetrust", "serve"]`).
    public static func usage(_ configuration: CommandConfiguration, path: [String]) -> String {
        let synopsis = configuration.synopsis ?? defaultSynopsis(configuration)
        return wrap("USAGE: " + (path + [synopsis].filter { !$0.isEmpty }).joined(separator: " "), indent: 7)
    }

    /// The whole help of a command.
    public static func help(_ configuration: CommandConfiguration, path: [String]) -> String {
        var sections = [configuration.abstract, usage(configuration, path: path)]
        if !configuration.discussion.isEmpty { sections.append(configuration.discussion) }
        if let positionals = configuration.positionals {
            sections.append("ARGUMENTS:\n" + entry(positionals.name, positionals.help))
        }
        var headings: [String?] = [nil]
        for option in configuration.options where !headings.contains(option.section) { headings.append(option.section) }
        for heading in headings {
            var lines = configuration.options.filter { $0.section == heading }.map { entry($0.label, $0.help) }
            if heading == nil { lines.append(entry("-h, --help", "Show this help.")) }
            guard !lines.isEmpty else { continue }
            sections.append("\(heading?.uppercased() ?? "OPTIONS"):\n" + lines.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `USAGE: devicetrust pin <subcommand>` for `group` at `path`;
    /// `USAGE: devicetrust-benchmark [<subcommand>] [options]` when it has a default subcommand.
    public static func groupUsage(_ group: CommandGroup, path: [String]) -> String {
        let subcommand = group.defaultSubcommand == nil ? ["<subcommand>"] : ["[<subcommand>]", "[options]"]
        return "USAGE: " + (path + subcommand).joined(separator: " ")
    }

    /// The help of a group: its subcommands with their abstracts (the default one marked).
    public static func help(_ group: CommandGroup, path: [String], version: Bool) -> String {
        var sections = [group.abstract, groupUsage(group, path: path)]
        var options = [entry("-h, --help", "Show this help.")]
        if version { options.append(entry("--version", "Show the version.")) }
        sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
        let defaultName = group.defaultSubcommand?.configuration.name
        let subcommands = group.members.map { entry($0.name, $0.abstract + ($0.name == defaultName ? " (the default)" : "")) }
        sections.append("SUBCOMMANDS:\n" + subcommands.joined(separator: "\n"))
        let helpPath = (path + ["<subcommand>", "--help"]).joined(separator: " ")
        sections.append("See '\(helpPath)' for the options of each.")
        if !group.discussion.isEmpty { sections.append(group.discussion) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private static func defaultSynopsis(_ configuration: CommandConfiguration) -> String {
        var parts: [String] = []
        if !configuration.options.isEmpty { parts.append("[options]") }
        if let positionals = configuration.positionals {
            parts.append(positionals.minimum == 0 ? "[\(positionals.name) ...]" : "\(positionals.name) ...")
        }
        return parts.joined(separator: " ")
    }

    /// `  --port N                      TCP port …`, the description wrapped at the column.
    private static func entry(_ label: String, _ text: String) -> String {
        let head = "  " + label
        let indent = String(repeating: " ", count: descriptionColumn)
        let body = lines(text, width: width - descriptionColumn)
        var result: [String] = []
        if head.count + 2 <= descriptionColumn {
            result.append(head + String(repeating: " ", count: descriptionColumn - head.count) + body[0])
        } else {
            result.append(head)
            result.append(indent + body[0])
        }
        result += body.dropFirst().map { indent + $0 }
        return result.joined(separator: "\n")
    }

    /// Wraps `text` at word boundaries: lines after the first are indented by `indent`.
    static func wrap(_ text: String, indent: Int) -> String {
        let padding = String(repeating: " ", count: indent)
        return lines(text, width: width, laterWidth: width - indent).enumerated()
            .map { $0.offset == 0 ? $0.element : padding + $0.element }.joined(separator: "\n")
    }

    /// `text`'s words in lines of at most `width` characters (`laterWidth` after the
    /// first); a longer word stands alone. Never empty.
    static func lines(_ text: String, width: Int, laterWidth: Int? = nil) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let limit = lines.isEmpty ? width : (laterWidth ?? width)
            if !line.isEmpty, line.count + 1 + word.count > limit {
                lines.append(line)
                line = String(word)
            } else {
                line += line.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(line)
        return lines
    }
}
