/// A command whose first argument chooses one of its subcommands (`devicetrust`,
/// `devicetrust pin`).
public struct CommandGroup: Sendable {
    /// One entry of a group.
    public enum Member: Sendable {
        /// A command that runs.
        case command(any ParsableCommand.Type)
        /// A nested group.
        case group(CommandGroup)

        /// The word that selects it.
        public var name: String {
            switch self {
            case .command(let command): command.configuration.name
            case .group(let group): group.name
            }
        }

        /// Its one-line description.
        public var abstract: String {
            switch self {
            case .command(let command): command.configuration.abstract
            case .group(let group): group.abstract
            }
        }
    }

    /// The word that selects the group (the program name for the root).
    public let name: String
    /// One line: what the group is for.
    public let abstract: String
    /// Paragraphs after the list of subcommands in the group's help.
    public let discussion: String
    /// The subcommands, in the order the help lists them.
    public let members: [Member]
    /// The command that runs when no subcommand is named: with no arguments at all, or when
    /// the first one is an option other than `-h`/`--help` (`devicetrust-benchmark --quick`
    /// is `devicetrust-benchmark crypto --quick`). `nil`: a subcommand is required.
    public let defaultSubcommand: (any ParsableCommand.Type)?

    /// A group named `name`; `defaultSubcommand`, when given, must be one of `members`.
    public init(
        name: String, abstract: String, discussion: String = "", members: [Member],
        defaultSubcommand: (any ParsableCommand.Type)? = nil
    ) {
        if let defaultSubcommand {
            let isMember = members.contains {
                if case .command(let command) = $0 { return command == defaultSubcommand }
                return false
            }
            precondition(isMember, "the default subcommand \(defaultSubcommand.configuration.name) of \(name) is one of its members")
        }
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.members = members
        self.defaultSubcommand = defaultSubcommand
    }

    /// The member selected by `name`.
    public func member(_ name: String) -> Member? { members.first { $0.name == name } }
}
