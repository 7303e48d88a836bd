import Foundation
import UIKit

/// Caches statements on disk and prunes them by age and free space.
final class FileCache {
    private let folder: URL
    private let defaults = UserDefaults.standard

    init(folder: URL) {
        self.folder = folder
    }

    func prune() throws {
        let lastRun = defaults.double(forKey: "lastPrune")
        let now = ProcessInfo.processInfo.systemUptime
        guard now - lastRun > 3600 else { return }
        let values = try folder.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
        let free = values.volumeAvailableCapacityForImportantUsage ?? 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let path = folder.appendingPathComponent(file).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let modified = attributes[.modificationDate] as? Date, modified.timeIntervalSinceNow < -86_400 * 7 || free < 50_000_000 {
                try FileManager.default.removeItem(atPath: path)
            }
        }
        defaults.set(now, forKey: "lastPrune")
    }

    func usesThirdPartyKeyboard() -> Bool {
        UITextInputMode.activeInputModes.contains { $0.primaryLanguage == nil }
    }
}
