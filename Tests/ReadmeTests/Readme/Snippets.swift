import Foundation

/// `Tests/ReadmeTests/Snippets/`: the README's Swift blocks as files of this target, so the
/// compiler checks them against the real API. ``ReadmeCoverageTests`` keeps each file
/// identical to its README block.
enum Snippets {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snippets")

    /// Every snippet file's name and text.
    static func files() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The name of the snippet file whose text is exactly `text`.
    static func file(holding text: String) -> String? {
        (try? files())?.first { $0.text == text }?.name
    }
}
