import AppBundle

/// One file of the scanned tree, in the form its rules read.
public enum ScannedFile: Sendable {
    case swift(SwiftFile)
    case objectiveC(ObjectiveCFile)
    case propertyList(PropertyListFile)
    case text(TextFile)
    /// A Mach-O binary of a built app (`.ipa` or `.app`).
    case binary(BinaryFile)

    /// The path relative to the scanned root.
    public var path: String {
        switch self {
        case .swift(let file): file.path
        case .objectiveC(let file): file.path
        case .propertyList(let file): file.path
        case .text(let file): file.path
        case .binary(let file): file.path
        }
    }

    /// Whether the file is Swift or Objective-C source.
    public var isSource: Bool {
        switch self {
        case .swift, .objectiveC: true
        default: false
        }
    }

    /// The text, when the file is text (binary plists and binaries have none).
    public var text: String? {
        switch self {
        case .swift(let file): file.text
        case .objectiveC(let file): file.text
        case .propertyList(let file): file.text
        case .text(let file): file.text
        case .binary: nil
        }
    }
}
