/// A command line split by its command's declared options: values per option, flags and
/// positionals. Made by ``ParsedArguments/init(_:options:positionals:)``, read by the
/// command's initialiser.
public struct ParsedArguments: Sendable, Equatable {
    /// Every value of each option given, in order, under the option's canonical name.
    public private(set) var values: [String: [String]] = [:]
    /// The flags given, by canonical name.
    public private(set) var flags: Set<String> = []
    /// The arguments that are not options, in order.
    public private(set) var positionals: [String] = []

    /// Parses `arguments` (those after the command's name).
    ///
    /// `--name value` and `--name=value`; flags; `--` ends the options and `-` alone is a
    /// positional. A value that is itself one of the declared option names is refused as
    /// missing (`--output --format`).
    ///
    /// - Throws: ``UsageError`` for an unknown option (naming the closest declared one), an
    ///   option without its value, a value given to a flag, an option given twice that is
    ///   not repeatable, and too few or too many positionals.
    public init(_ arguments: [String], options: [OptionSpec], positionals positionalSpec: PositionalSpec? = nil) throws(UsageError) {
        var byName: [String: OptionSpec] = [:]
        for option in options { for name in option.names { byName[name] = option } }
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = byName[name] else {
                let names = options.flatMap(\.names) + ["--help"]
                let suggestion = ClosestName.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? "; --help lists the options"
                throw UsageError("unknown option \(UsageError.quoted(name))\(suggestion)")
            }
            let canonical = option.name
            guard option.repeatable || (values[canonical] == nil && !flags.contains(canonical)) else {
                throw UsageError("\(canonical) is given more than once")
            }
            switch option.kind {
            case .flag:
                guard inline == nil else { throw UsageError("the flag \(canonical) takes no value") }
                flags.insert(canonical)
            case .value, .values:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.endIndex, byName[arguments[index]] == nil else {
                        throw UsageError("\(canonical) needs a value")
                    }
                    value = arguments[index]
                    index += 1
                }
                values[canonical, default: []].append(value)
                if inline == nil, case .values(_, let stop) = option.kind {
                    while index < arguments.endIndex, !arguments[index].hasPrefix("-"), !stop(arguments[index]) {
                        values[canonical, default: []].append(arguments[index])
                        index += 1
                    }
                }
            }
        }
        guard let positionalSpec else {
            if let first = positionals.first { throw UsageError("unexpected argument \(UsageError.quoted(first))") }
            return
        }
        if positionals.count < positionalSpec.minimum {
            throw UsageError(
                positionalSpec.minimum == 1 ? "missing \(positionalSpec.name)" : "needs at least \(positionalSpec.minimum) \(positionalSpec.name) arguments")
        }
        if let maximum = positionalSpec.maximum, positionals.count > maximum {
            throw UsageError("unexpected argument \(UsageError.quoted(positionals[maximum]))")
        }
    }

    /// Parses `arguments` with the options and positionals `configuration` declares.
    public init(_ arguments: [String], for configuration: CommandConfiguration) throws(UsageError) {
        try self.init(arguments, options: configuration.options, positionals: configuration.positionals)
    }

    /// The value of a single-valued option, or `nil` when it was not given.
    public func value(_ option: String) -> String? { values[option]?.last }

    /// Every value of an option, in order (empty when not given).
    public func all(_ option: String) -> [String] { values[option] ?? [] }

    /// Whether the flag was given.
    public func flag(_ option: String) -> Bool { flags.contains(option) }

    /// The value of a required option.
    /// - Throws: ``UsageError`` "missing --name" when it was not given.
    public func required(_ option: String) throws(UsageError) -> String {
        guard let value = value(option) else { throw UsageError("missing \(option)") }
        return value
    }
}
