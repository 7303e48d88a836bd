/// A text file scanned line by line: `.xcconfig`, bundled `.json`, `project.pbxproj`.
public struct TextFile: Sendable {
    /// The path relative to the scanned root.
    public let path: String
    /// The file's text.
    public let text: String
    /// The lines, without their terminators.
    public var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
}
