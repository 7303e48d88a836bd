/// A place in a file: 1-based lines and columns (columns count UTF-8 bytes, as the Swift
/// compiler's diagnostics do).
public struct SourceRange: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int

    /// A range from `line:column` to `endLine:endColumn`.
    public init(line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil) {
        self.line = line
        self.column = column
        self.endLine = endLine ?? line
        self.endColumn = endColumn ?? column
    }

    public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
        (lhs.line, lhs.column, lhs.endLine, lhs.endColumn) < (rhs.line, rhs.column, rhs.endLine, rhs.endColumn)
    }
}

/// Where in a binary a finding is: the section and the byte offset in the file.
public struct BinaryLocation: Sendable, Hashable {
    /// `__TEXT,__cstring`, or `load commands` for what the header and load commands say.
    public let section: String
    /// The byte offset from the start of the file.
    public let offset: Int

    /// A place in `section` at `offset`.
    public init(section: String, offset: Int) {
        self.section = section
        self.offset = offset
    }
}

/// What a rule reports in one file: where and what, in words that name the code.
public struct Match: Sendable, Hashable {
    /// Where the problem is.
    public var range: SourceRange
    /// What is wrong here, specifically (e.g. "SecItemAdd query has neither
    /// kSecAttrAccessible nor kSecAttrAccessControl").
    public var message: String
    /// For a fact about the whole project (a privacy manifest that lacks a category): the
    /// fact's key. Of a rule's matches with the same key in one project, only the first
    /// (by file and position) is reported, saying how many other files share it.
    public var projectFact: String?
    /// For a binary: the section and offset (``range`` is then line 1, column 1).
    public var binaryLocation: BinaryLocation?

    /// A match at `range` explained by `message`.
    public init(_ range: SourceRange, _ message: String, projectFact: String? = nil) {
        self.range = range
        self.message = message
        self.projectFact = projectFact
    }

    /// A match in a binary, at `location`.
    public init(_ location: BinaryLocation, _ message: String) {
        self.init(SourceRange(line: 1, column: 1), message)
        binaryLocation = location
    }
}

/// One reported problem, as the reports print it.
public struct Finding: Sendable, Hashable {
    /// The rule that found it.
    public let rule: RuleMetadata
    /// The file, relative to the scanned root, with `/` separators.
    public let file: String
    /// Where in the file.
    public let range: SourceRange
    /// What is wrong here.
    public let message: String
    /// A hash that survives unrelated edits (see ``Fingerprint``).
    public let fingerprint: String
    /// ``range`` with its columns counted in Unicode scalars instead of UTF-8 bytes, as
    /// SARIF's `columnKind: unicodeCodePoints` requires. Equal to ``range`` on ASCII lines.
    public let codePointRange: SourceRange
    /// ``Match/projectFact``: reported once per project.
    package let projectFact: String?
    /// For a binary: the section and offset.
    public var binaryLocation: BinaryLocation? = nil
    /// Whether the file is third-party code copied into the repository (`Vendor/`,
    /// `ThirdParty/`): it ships, but a fix goes to its upstream too.
    public var isThirdParty: Bool = false
}

extension Finding {
    /// This finding with another message.
    package func withMessage(_ message: String) -> Finding {
        Finding(
            rule: rule, file: file, range: range, message: message, fingerprint: fingerprint, codePointRange: codePointRange, projectFact: projectFact,
            binaryLocation: binaryLocation, isThirdParty: isThirdParty)
    }
}

extension SourceRange {
    /// This range with UTF-8 byte columns turned into Unicode scalar columns, given the
    /// text of the file's lines (a column past the line's end is kept as is).
    package func inCodePoints(lines: [Substring]) -> SourceRange {
        func convert(_ column: Int, onLine line: Int) -> Int {
            guard line >= 1, line <= lines.count, column > 1 else { return column }
            let utf8 = lines[line - 1].utf8
            guard column - 1 <= utf8.count else { return column }
            let prefix = utf8.prefix(column - 1)
            return String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
        }
        return SourceRange(
            line: line, column: convert(column, onLine: line),
            endLine: endLine, endColumn: convert(endColumn, onLine: endLine)
        )
    }
}
