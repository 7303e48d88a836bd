/// One option a command declares: how it is parsed and how its help reads.
public struct OptionSpec: Sendable {
    /// How an option takes its value.
    public enum Kind: Sendable {
        /// A flag: present or not, no value.
        case flag
        /// One value, as the next argument or after `=` (`--port 9000`, `--port=9000`).
        case value(String)
        /// One value, then every following argument up to the next option for which
        /// `stop` is false (`--exclude A B C`); `=` gives exactly one.
        case values(String, stop: @Sendable (String) -> Bool)
    }

    /// The names, the long one first (`["--output", "-o"]`); values are filed under the first.
    public let names: [String]
    /// How the value is taken.
    public let kind: Kind
    /// Whether the option may be given more than once.
    public let repeatable: Bool
    /// One line (or a few) of help; wrapped by the help formatter.
    public let help: String
    /// The heading this option is listed under in the help (`nil`: the main list).
    public let section: String?

    /// An option named `names` (long first).
    public init(_ names: String..., kind: Kind, repeatable: Bool = false, section: String? = nil, help: String) {
        precondition(!names.isEmpty && names.allSatisfy { $0.hasPrefix("-") }, "option names start with -")
        self.names = names
        self.kind = kind
        self.repeatable = repeatable
        self.help = help
        self.section = section
    }

    /// The canonical name (the first).
    public var name: String { names[0] }

    /// Whether the option takes no value.
    public var isFlag: Bool {
        if case .flag = kind { return true }
        return false
    }

    /// `--port N`, `-o, --output FILE` as the help lists it.
    var label: String {
        let ordered = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        switch kind {
        case .flag: return ordered
        case .value(let value): return "\(ordered) \(value)"
        case .values(let value, _): return "\(ordered) \(value) ..."
        }
    }
}

/// The arguments that are not options, as a command declares them.
public struct PositionalSpec: Sendable {
    /// The name the usage shows (`PATH`).
    public let name: String
    /// The fewest accepted.
    public let minimum: Int
    /// The most accepted (`nil`: no limit).
    public let maximum: Int?
    /// One line of help.
    public let help: String

    /// Positionals named `name`, from `minimum` to `maximum`.
    public init(_ name: String, minimum: Int = 0, maximum: Int? = nil, help: String) {
        self.name = name
        self.minimum = minimum
        self.maximum = maximum
        self.help = help
    }
}
