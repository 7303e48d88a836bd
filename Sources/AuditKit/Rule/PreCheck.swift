/// What must occur in a file for a rule to possibly fire, declared as data and evaluated by
/// the engine on the lexical pass (``SwiftLexicalScan``, the code text), before any parse.
///
/// A pre-check is a promise: when it fails on a file, the rule's check would have found
/// nothing there. It only buys speed. The engine also evaluates it on single declarations
/// to decide what a focused parse keeps (``FocusedParse``).
///
/// Conditions named `swift…` read a Swift file's lexical scan; every file of another kind
/// passes them (an Objective-C file is never parsed, so there is nothing to save).
/// ``anyFileText(_:)`` reads every file that has text, and ``only(_:)`` names the kinds of
/// file a rule reads at all.
///
/// Where the words cannot say it, ``swiftCustom(_:_:)`` runs a hand-written test; the
/// test suite runs every rule's examples, the fixture apps and this repository with and
/// without pre-checks and requires identical findings, so a test that drifts from its
/// check fails there.
public indirect enum PreCheck: Sendable {
    /// Always passes: the check decides alone.
    case always
    /// Passes when every condition does.
    case all([PreCheck])
    /// Passes when one condition does.
    case any([PreCheck])
    /// Passes only for files of these kinds.
    case only(Set<FileKind>)
    /// One of the words occurs in the file's text, for every file that has text
    /// (lower-cased on both sides).
    case anyFileText([String])
    /// One of the words occurs in a Swift file's text, comments and strings included.
    case swiftText([String])
    /// One of the words occurs in a Swift file's code (comments and string contents
    /// blanked: ``SwiftFile/codeText``).
    case swiftCode([String])
    /// One of the words occurs in a Swift file's code, ignoring ASCII case.
    case swiftCodeIgnoringCase([String])
    /// One of the words occurs in a Swift file's code as a whole word: not preceded or
    /// followed by a letter, digit or `_`.
    case swiftCodeWord([String])
    /// One of the names is an identifier of a Swift file (exactly).
    case swiftIdentifier([String])
    /// An identifier of a Swift file, lower-cased, contains one of the parts.
    case swiftIdentifierContaining([String])
    /// An identifier of a Swift file satisfies a predicate of the shared vocabulary,
    /// described for readers by `description` ("a password-like name").
    case swiftIdentifierWhere(_ description: String, @Sendable (Substring) -> Bool)
    /// A string literal of a Swift file, after leading white space, starts with the prefix.
    case swiftLiteralStarting(String)
    /// A string literal of a Swift file satisfies the predicate (`description` says which).
    case swiftLiteralWhere(_ description: String, @Sendable (Substring) -> Bool)
    /// An identifier or short string literal of a Swift file names a secret
    /// (``SwiftFile/mentionsSecretNames``).
    case swiftSecretNames
    /// A hand-written test on a Swift file, for what the other conditions cannot say
    /// (`description` says what it looks for).
    case swiftCustom(_ description: String, @Sendable (SwiftFile) -> Bool)

    /// The kinds of file a pre-check can name.
    public enum FileKind: Sendable, Hashable {
        case swift, objectiveC, propertyList, text, binary
    }

    /// Whether `file` may hold a finding.
    public func passes(_ file: ScannedFile) -> Bool {
        switch self {
        case .always:
            return true
        case .all(let conditions):
            return conditions.allSatisfy { $0.passes(file) }
        case .any(let conditions):
            return conditions.contains { $0.passes(file) }
        case .only(let kinds):
            return kinds.contains(file.kind)
        case .anyFileText(let words):
            guard let text = file.text else { return true }
            let lowered = text.lowercased()
            return words.contains { ByteSearch.contains(lowered, $0.lowercased()) }
        default:
            guard case .swift(let swift) = file else { return true }
            return passes(swift)
        }
    }

    /// The Swift conditions on `swift`.
    private func passes(_ swift: SwiftFile) -> Bool {
        switch self {
        case .swiftText(let words): ByteSearch.containsAny(swift.text, words)
        case .swiftCode(let words): ByteSearch.containsAny(swift.codeText, words)
        case .swiftCodeIgnoringCase(let words): words.contains { ByteSearch.containsIgnoringCase(swift.codeText, $0) }
        case .swiftCodeWord(let words): words.contains { ByteSearch.containsWord(swift.codeText, $0) }
        case .swiftIdentifier(let names): names.contains { swift.lexical.identifiers.contains(Substring($0)) }
        case .swiftIdentifierContaining(let parts):
            swift.lexical.identifiers.contains { identifier in
                let lowered = identifier.lowercased()
                return parts.contains { lowered.contains($0) }
            }
        case .swiftIdentifierWhere(_, let test): swift.lexical.identifiers.contains(where: test)
        case .swiftLiteralStarting(let prefix):
            swift.lexical.literals.contains { literal in
                literal.utf8.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }).starts(with: prefix.utf8)
            }
        case .swiftLiteralWhere(_, let test): swift.lexical.literals.contains(where: test)
        case .swiftSecretNames: swift.mentionsSecretNames
        case .swiftCustom(_, let test): test(swift)
        case .always, .all, .any, .only, .anyFileText: passes(ScannedFile.swift(swift))
        }
    }

    /// Whether a hand-written test is part of it: then only the with-and-without test
    /// vouches for it.
    public var isHandWritten: Bool {
        switch self {
        case .swiftCustom: true
        case .all(let conditions), .any(let conditions): conditions.contains(where: \.isHandWritten)
        default: false
        }
    }
}

extension ScannedFile {
    /// The file's kind, as a pre-check names it.
    public var kind: PreCheck.FileKind {
        switch self {
        case .swift: .swift
        case .objectiveC: .objectiveC
        case .propertyList: .propertyList
        case .text: .text
        case .binary: .binary
        }
    }
}
