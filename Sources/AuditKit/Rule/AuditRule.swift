/// A check for one pitfall.
///
/// A rule is one file of a fixed shape: its identity (``metadata``: id, severity, MASVS
/// control, CWE, rationale, fix), what must occur in a file for it to fire (``triggers``),
/// then one check per kind of file it reads — ``checkSwift(_:project:)``,
/// ``checkObjectiveC(_:project:)``, ``checkPropertyList(_:project:)``,
/// ``checkText(_:project:)``, ``checkBinary(_:project:)`` — each of which defaults to "no findings". Its ``examples``
/// live in a sibling `<Rule>+Examples.swift` file. The registry (`AuditRuleCatalog` in
/// `AuditRules`) lists every rule; a test proves none is missing.
///
/// The engine chooses the check by the file's kind (``check(_:project:)``); a rule never
/// switches over ``ScannedFile`` itself.
public protocol AuditRule: Sendable {
    /// The rule's id, severity, category, MASVS control, rationale and fix.
    var metadata: RuleMetadata { get }
    /// Words of which at least one must appear in a file's text for ``check(_:project:)``
    /// to run: a fast skip for the many files a rule cannot match. Empty: always run.
    var triggers: [String] { get }
    /// Whether ``triggers`` count in Swift only where they are code, not inside comments or
    /// string literals (``SwiftFile/codeText``). True for rules about calls, types and
    /// declarations; false for rules that read string contents (URLs, plist keys).
    var triggersAreCode: Bool { get }
    /// Code that must and must not trigger the rule, with `↓` marking where each finding
    /// must start. The rule tests run every example, and again inside a comment and
    /// inside a string, where nothing may fire.
    var examples: [RuleExample] { get }
    /// The problems in a Swift file. `project` holds what other files say (Info.plist
    /// keys, privacy manifest declarations, entitlements).
    func checkSwift(_ file: SwiftFile, project: ProjectFacts) -> [Match]
    /// The problems in an Objective-C file (`.m`, `.mm`, `.h`).
    func checkObjectiveC(_ file: ObjectiveCFile, project: ProjectFacts) -> [Match]
    /// The problems in a property list (Info.plist, entitlements, privacy manifest, a
    /// bundled plist, `InfoPlist.strings`).
    func checkPropertyList(_ file: PropertyListFile, project: ProjectFacts) -> [Match]
    /// The problems in another text file (xcconfig, JSON configuration, the Xcode project file).
    func checkText(_ file: TextFile, project: ProjectFacts) -> [Match]
    /// The problems in a binary of a built app (its load commands, symbols, C strings).
    func checkBinary(_ file: BinaryFile, project: ProjectFacts) -> [Match]
    /// What else must occur, after ``triggers``, for the rule to possibly fire: declared
    /// conditions the engine evaluates on the lexical pass (``PreCheck``), so a file that
    /// cannot hold a finding is never parsed for this rule. Rules whose triggers would
    /// match most files (string literals, logging) narrow it down here. The default is
    /// ``PreCheck/always``.
    var preCheck: PreCheck { get }
    /// Whether the rule stays silent in test code, mocks, fixtures and previews
    /// (``TestPaths``): code that is not shipped and is full of deliberate sample keys,
    /// test vectors and debug output. The engine skips those files for such rules.
    var skipsTestCode: Bool { get }
    /// Which other declarations ``check(_:project:)`` reads around one its pre-check
    /// selects, so that ``FocusedParse`` keeps them when it blanks the rest of a file.
    var focusReach: FocusReach { get }
}

/// How far a rule's check reads beyond a declaration that could hold its finding: the
/// declarations a focused parse keeps for it (``FocusedParse``). Declarations refer to each
/// other by name: one *uses* what it names, and is a *user* of what names it.
public enum FocusReach: Sendable, Comparable {
    /// The declaration and its direct users: a literal's binding and the code that passes
    /// it somewhere (`secret-hardcoded` reads whether every use is a Keychain key).
    case users
    /// The declaration, the helpers it calls (one call deep), its users and their users,
    /// and the properties and types all of those use: a wrapper and the calls that hand it
    /// a token, a biometric check and what its success path calls.
    case callers
    /// Everything the declaration and its callers use, transitively: for rules that follow
    /// a value from one helper through the caller into another (a Keychain read's `Result`
    /// turned into nil by a converter the caller applies).
    case everything
}

extension AuditRule {
    /// No findings: the rule does not read Swift.
    public func checkSwift(_ file: SwiftFile, project: ProjectFacts) -> [Match] { [] }

    /// No findings: the rule does not read Objective-C.
    public func checkObjectiveC(_ file: ObjectiveCFile, project: ProjectFacts) -> [Match] { [] }

    /// No findings: the rule does not read property lists.
    public func checkPropertyList(_ file: PropertyListFile, project: ProjectFacts) -> [Match] { [] }

    /// No findings: the rule does not read other text files.
    public func checkText(_ file: TextFile, project: ProjectFacts) -> [Match] { [] }

    /// No findings: the rule does not read binaries.
    public func checkBinary(_ file: BinaryFile, project: ProjectFacts) -> [Match] { [] }

    /// The problems in `file`: the check for its kind. The one place that dispatches on
    /// the kind of a file, for the engine and the tests.
    public func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        switch file {
        case .swift(let swift): checkSwift(swift, project: project)
        case .objectiveC(let objectiveC): checkObjectiveC(objectiveC, project: project)
        case .propertyList(let plist): checkPropertyList(plist, project: project)
        case .text(let text): checkText(text, project: project)
        case .binary(let binary): checkBinary(binary, project: project)
        }
    }

    /// Always: ``triggers`` and the check decide.
    public var preCheck: PreCheck { .always }

    /// Whether the rule's ``preCheck`` lets `file` through (``triggers`` aside).
    public func mayMatch(_ file: ScannedFile) -> Bool { preCheck.passes(file) }

    /// False: the rule also reports in test code.
    public var skipsTestCode: Bool { false }

    /// True: the trigger words are names in code.
    public var triggersAreCode: Bool { true }

    /// Callers: a rule reads a declaration, what it uses and who calls it.
    public var focusReach: FocusReach { .callers }
}

/// Code for a rule's tests and its `--explain` text.
public struct RuleExample: Sendable {
    /// The kind of file the example is.
    public enum Language: Sendable, Hashable {
        case swift
        case objectiveC
        /// A property list with this file name (`Info.plist`, `App.entitlements`, …).
        case propertyList(fileName: String)
        /// Another text file with this name (`Config.xcconfig`, `config.json`).
        case text(fileName: String)

        /// The file name the example is scanned as.
        package var fileName: String {
            switch self {
            case .swift: "Example.swift"
            case .objectiveC: "Example.m"
            case .propertyList(let name), .text(let name): name
            }
        }
    }

    /// The kind of file.
    public let language: Language
    /// The code, with `↓` before each place a finding must start.
    public let code: String
    /// Other files of the example project, by relative path (an Info.plist that declares
    /// or lacks a usage description, a privacy manifest).
    public let otherFiles: [String: String]
    /// Whether wrapping the code in a string literal must silence the rule. False only for
    /// rules whose subject is string content (hard-coded secrets).
    public let silencedInsideStrings: Bool

    /// An example in `language`.
    public init(_ language: Language, _ code: String, otherFiles: [String: String] = [:], silencedInsideStrings: Bool = true) {
        self.language = language
        self.code = code
        self.otherFiles = otherFiles
        self.silencedInsideStrings = silencedInsideStrings
    }

    /// A Swift example.
    public static func swift(_ code: String, otherFiles: [String: String] = [:]) -> RuleExample {
        RuleExample(.swift, code, otherFiles: otherFiles)
    }

    /// An Objective-C example.
    public static func objectiveC(_ code: String, otherFiles: [String: String] = [:]) -> RuleExample {
        RuleExample(.objectiveC, code, otherFiles: otherFiles)
    }

    /// A property list example.
    public static func plist(_ fileName: String, _ code: String, otherFiles: [String: String] = [:]) -> RuleExample {
        RuleExample(.propertyList(fileName: fileName), code, otherFiles: otherFiles)
    }

    /// Whether the example must trigger (it has at least one `↓`).
    public var triggers: Bool { code.contains("↓") }

    /// The code without markers.
    public var source: String { code.replacingOccurrences(of: "↓", with: "") }

    /// The 1-based line and UTF-8 column of each marker, in the code without markers.
    public var markedPositions: [SourceRange] {
        var positions: [SourceRange] = []
        for (lineIndex, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var column = 1
            for character in line {
                if character == "↓" {
                    positions.append(SourceRange(line: lineIndex + 1, column: column))
                } else {
                    column += character.utf8.count
                }
            }
        }
        return positions
    }
}
