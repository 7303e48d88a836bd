import Foundation

/// Files of this repository, for tests that read its sources or data.
public enum RepositoryFiles {
    /// The repository root, from this file's path (`Sources/RepositoryTestSupport/…`).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
