/// A program's command tree and what every command gets from it: `--help` and `-h` on
/// every command and group (to standard output, exit status 0), `--version` on the root,
/// unknown subcommands and options named with the closest valid one, and one way of
/// reporting usage errors (message, usage line, where the help is; exit status 2).
public struct CommandLineProgram: Sendable {
    /// The root group; its name is the program's.
    public let root: CommandGroup
    /// What `--version` prints; `nil`: the program has no `--version`.
    public let version: String?

    /// A program with `root` and, if given, `version`.
    public init(root: CommandGroup, version: String? = nil) {
        self.root = root
        self.version = version
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String], context: CommandContext) -> Int32 {
        var group = root
        var path = [root.name]
        var rest = arguments[...]
        while true {
            let isRoot = path.count == 1
            let first = rest.first
            if first == "--help" || first == "-h" || first == "help" {
                context.standardOutput(HelpText.help(group, path: path, version: isRoot && version != nil))
                return ExitStatus.success
            }
            if isRoot, let version, first == "--version" {
                context.standardOutput(version + "\n")
                return ExitStatus.success
            }
            if let fallback = group.defaultSubcommand, first?.hasPrefix("-") ?? true {
                return run(fallback, Array(rest), path: path + [fallback.configuration.name], context: context)
            }
            guard let word = first else {
                return usageError(UsageError("a subcommand is required"), usage: HelpText.groupUsage(group, path: path), path: path, context)
            }
            rest = rest.dropFirst()
            guard let member = group.member(word) else {
                let suggestion = ClosestName.closest(to: word, among: group.members.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                let kind = word.hasPrefix("-") ? "option" : "subcommand"
                return usageError(
                    UsageError("unknown \(kind) \(UsageError.quoted(word))\(suggestion)"), usage: HelpText.groupUsage(group, path: path),
                    path: path, context)
            }
            path.append(word)
            switch member {
            case .group(let next):
                group = next
            case .command(let command):
                return run(command, Array(rest), path: path, context: context)
            }
        }
    }

    private func run(_ command: any ParsableCommand.Type, _ arguments: [String], path: [String], context: CommandContext) -> Int32 {
        let configuration = command.configuration
        let beforeEnd = arguments.prefix { $0 != "--" }
        if beforeEnd.contains("--help") || beforeEnd.contains("-h") {
            context.standardOutput(HelpText.help(configuration, path: path))
            return ExitStatus.success
        }
        let parsed: any ParsableCommand
        do {
            parsed = try command.parse(arguments, environment: context.environment)
        } catch {
            return usageError(error, usage: HelpText.usage(configuration, path: path), path: path, context)
        }
        return parsed.run(context)
    }

    private func usageError(_ error: UsageError, usage: String, path: [String], _ context: CommandContext) -> Int32 {
        context.standardError(error.report(command: path.joined(separator: " "), usage: usage))
        return ExitStatus.usage
    }
}
