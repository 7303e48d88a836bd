/// A text file scanned line by line: `.xcconfig`, bundled `.json`, `project.pbxproj`.
public struct TextFile: Sendable {
    /// The path relative to the scanned root.
    public let path: String
    /// The file's text.
    public let text: String
    /// The lines, without their terminators.
    public var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }
}

/// One file of the scanned tree, in the form its rules read.
public enum ScannedFile: Sendable {
    case swift(SwiftFile)
    case objectiveC(ObjectiveCFile)
    case propertyList(PropertyListFile)
    case text(TextFile)

    /// The path relative to the scanned root.
    public var path: String {
        switch self {
        case .swift(let file): file.path
        case .objectiveC(let file): file.path
        case .propertyList(let file): file.path
        case .text(let file): file.path
        }
    }

    /// Whether the file is Swift or Objective-C source.
    public var isSource: Bool {
        switch self {
        case .swift, .objectiveC: true
        default: false
        }
    }

    /// The text, when the file is text (binary plists have none).
    public var text: String? {
        switch self {
        case .swift(let file): file.text
        case .objectiveC(let file): file.text
        case .propertyList(let file): file.text
        case .text(let file): file.text
        }
    }
}
