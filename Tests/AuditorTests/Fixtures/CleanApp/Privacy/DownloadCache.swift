import Foundation

/// Prunes downloads by age and checks free space before writing; every API here is
/// declared in PrivacyInfo.xcprivacy with its reason.
final class DownloadCache {
    private let folder: URL
    private let defaults = UserDefaults.standard

    init(folder: URL) {
        self.folder = folder
    }

    func hasRoom(for bytes: Int64) throws -> Bool {
        let values = try folder.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
        return (values.volumeAvailableCapacityForImportantUsage ?? 0) > bytes
    }

    func prune(olderThan age: TimeInterval) throws {
        let started = ProcessInfo.processInfo.systemUptime
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
        for file in files {
            let modified = try file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? .distantPast
            if modified.timeIntervalSinceNow < -age { try FileManager.default.removeItem(at: file) }
        }
        defaults.set(ProcessInfo.processInfo.systemUptime - started, forKey: "lastPruneDuration")
    }
}
