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

/// What a rule reports in one file: where and what, in words that name the code.
public struct Match: Sendable, Hashable {
    /// Where the problem is.
    public var range: SourceRange
    /// What is wrong here, specifically (e.g. "SecItemAdd query has neither
    /// kSecAttrAccessible nor kSecAttrAccessControl").
    public var message: String

    /// A match at `range` explained by `message`.
    public init(_ range: SourceRange, _ message: String) {
        self.range = range
        self.message = message
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
}
