import Foundation

/// Remembers the dashboard layout in a small property list: nothing secret goes there.
final class LayoutStore {
    private let fileURL: URL

    init(directory: URL) {
        fileURL = directory.appendingPathComponent("Layout.plist")
    }

    func save(columns: Int, compact: Bool) {
        let content: [String: String] = ["columns": String(columns), "density": compact ? "compact" : "regular"]
        let plist = NSDictionary(dictionary: content)
        try? plist.write(to: fileURL)
    }
}
