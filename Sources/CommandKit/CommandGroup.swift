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

    /// A group named `name`.
    public init(name: String, abstract: String, discussion: String = "", members: [Member]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.members = members
    }

    /// The member selected by `name`.
    public func member(_ name: String) -> Member? { members.first { $0.name == name } }
}
