/// Where a command writes and what it reads from its process, so commands run the same
/// in the executable and in tests.
public struct CommandContext: Sendable {
    /// Writes text to standard output as it is (the command adds newlines).
    public let standardOutput: @Sendable (String) -> Void
    /// Writes text to standard error as it is.
    public let standardError: @Sendable (String) -> Void
    /// The process environment.
    public let environment: [String: String]

    /// A context with these sinks and environment.
    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void, environment: [String: String]) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
    }
}

/// What a command says about itself: its name, its help and the arguments it takes.
public struct CommandConfiguration: Sendable {
    /// The word that selects the command (`serve`).
    public let name: String
    /// One line: what the command does (listed by its parent's help).
    public let abstract: String
    /// The usage after the command path (`[PATH ...] [--format text|json|sarif]`); `nil`
    /// lists the options as `[options]`.
    public let synopsis: String?
    /// Paragraphs after the abstract in the command's help.
    public let discussion: String
    /// The options, in the order the help lists them.
    public let options: [OptionSpec]
    /// The arguments that are not options (`nil`: none accepted).
    public let positionals: PositionalSpec?

    /// A configuration.
    public init(
        name: String, abstract: String, synopsis: String? = nil, discussion: String = "",
        options: [OptionSpec] = [], positionals: PositionalSpec? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.synopsis = synopsis
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
    }
}

/// A command as a value, in the shape of swift-argument-parser's `ParsableCommand`:
/// parsed from its declared options, then ``validate()``d, then ``run(_:)``.
///
/// ``CommandLineProgram`` handles `--help`/`-h` (printed from ``configuration``), usage
/// errors (printed with the usage line, exit status 2) and the subcommand tree.
public protocol ParsableCommand: Sendable {
    /// The command's name, help and arguments.
    static var configuration: CommandConfiguration { get }

    /// Builds the command from its parsed arguments.
    /// - Throws: ``UsageError`` for a value out of range or of the wrong form, naming the option.
    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError)

    /// Checks what only the whole command can (options that exclude each other); runs
    /// before ``run(_:)``. The default accepts everything.
    func validate() throws(UsageError)

    /// Does the work and returns the exit status (``ExitStatus``).
    func run(_ context: CommandContext) -> Int32
}

extension ParsableCommand {
    public func validate() throws(UsageError) {}

    /// Parses `arguments` (after the command's name) with the declared options, builds and
    /// validates the command: what ``CommandLineProgram`` does before ``run(_:)``.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Self {
        let parsed = try ParsedArguments(arguments, for: configuration)
        let command = try Self(arguments: parsed, environment: environment)
        try command.validate()
        return command
    }
}
