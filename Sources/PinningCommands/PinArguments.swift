import Foundation

/// A usage error of a `pin` subcommand: the message names the wrong argument and the fix;
/// reported with exit status 2.
struct PinUsageError: Error, Sendable, Equatable {
    /// The message, without the `devicetrust pin <subcommand>:` prefix.
    let message: String

    init(_ message: String) { self.message = message }

    /// Prints `devicetrust pin <subcommand>: <message>` and a pointer to the help; returns 2.
    func report(subcommand: String, to standardError: (String) -> Void) -> Int32 {
        standardError("devicetrust pin \(subcommand): \(message)")
        standardError("Run `devicetrust pin \(subcommand) --help` for usage.")
        return PinExitStatus.usage
    }
}

/// The parsed arguments of one subcommand: options with values (repeatable), flags and
/// positional arguments, in the shape swift-argument-parser would give, without the dependency.
struct PinArguments: Sendable {
    /// The values of each option given, in order (`--pin A --pin B` → `["--pin": ["A", "B"]]`).
    private(set) var values: [String: [String]] = [:]
    /// The flags given.
    private(set) var flags: Set<String> = []
    /// The arguments that are not options, in order.
    private(set) var positionals: [String] = []
    /// Whether `--help` or `-h` was given.
    private(set) var wantsHelp = false

    /// Parses `arguments`: `--name value`, `--name=value`, flags, and positionals; `--`
    /// ends the options.
    ///
    /// - Throws: ``PinUsageError`` for an unknown option or an option without its value.
    init(_ arguments: [String], options: Set<String>, flags knownFlags: Set<String> = []) throws(PinUsageError) {
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "--help" || argument == "-h" { wantsHelp = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if knownFlags.contains(name) {
                guard inlineValue == nil else { throw PinUsageError("the flag \(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.endIndex {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw PinUsageError("the option \(name) needs a value")
                }
            } else {
                let known = (options.union(knownFlags)).sorted().joined(separator: ", ")
                throw PinUsageError("unknown option \(name)" + (known.isEmpty ? "" : " (known: \(known))"))
            }
        }
    }

    /// The single value of a required option.
    ///
    /// - Throws: ``PinUsageError`` when it is missing or given more than once.
    func required(_ option: String) throws(PinUsageError) -> String {
        let given = values[option] ?? []
        guard given.count == 1, let value = given.first else {
            throw PinUsageError(given.isEmpty ? "missing \(option)" : "\(option) was given \(given.count) times; give it once")
        }
        return value
    }

    /// Every value of a repeatable option.
    func all(_ option: String) -> [String] { values[option] ?? [] }
}

/// Checks of SPKI-SHA256-BASE64 pin strings typed on the command line.
enum PinValue {
    /// Whether `pin` is the canonical standard base64 of exactly 32 bytes (44 characters).
    static func isWellFormed(_ pin: String) -> Bool {
        guard let bytes = Data(base64Encoded: pin) else { return false }
        return bytes.count == 32 && bytes.base64EncodedString() == pin
    }

    /// Throws unless `pin` is well formed, naming the option it came from.
    static func validate(_ pin: String, option: String) throws(PinUsageError) {
        guard isWellFormed(pin) else {
            throw PinUsageError(
                "\(option) \"\(pin)\" is not an SPKI-SHA256-BASE64 pin (the standard base64 of 32 bytes, 44 characters ending in \"=\"); compute it with `devicetrust pin hash CERT`"
            )
        }
    }
}
