import SwiftSyntax
import AuditKit

extension PrivacyManifestMissing {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                final class Settings {
                    func save(theme: String) {
                        ↓UserDefaults.standard.set(theme, forKey: "theme")
                        UserDefaults.standard.set(true, forKey: "onboarded")
                    }
                }
                """, otherFiles: ["Info.plist": PrivacyManifestMissing.infoPlist]),
            .swift(
                """
                func cleanUpOldFiles(in folder: URL) throws {
                    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
                    let modified = attributes[↓.modificationDate] as? Date
                    let uptime = ProcessInfo.processInfo.↓systemUptime
                    let values = try folder.resourceValues(forKeys: [↓.volumeAvailableCapacityForImportantUsageKey])
                    let keyboards = UITextInputMode.↓activeInputModes
                }
                """,
                otherFiles: [
                    "Info.plist": PrivacyManifestMissing.infoPlist,
                    "PrivacyInfo.xcprivacy": PrivacyManifestMissing.manifest(["NSPrivacyAccessedAPICategoryUserDefaults"]),
                ]),
            .swift(
                """
                func isCacheStale(_ url: URL) -> Bool {
                    var info = stat()
                    guard ↓stat(url.path, &info) == 0 else { return true }
                    let start = ↓mach_absolute_time()
                    return false
                }
                """, otherFiles: ["App.entitlements": "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict/></plist>"]),
            .swift(
                """
                struct SettingsView: View {
                    ↓@AppStorage("theme") var theme = "system"
                    let modified = try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
                }
                """,
                otherFiles: [
                    "Info.plist": PrivacyManifestMissing.infoPlist,
                    "PrivacyInfo.xcprivacy": PrivacyManifestMissing.manifest(["NSPrivacyAccessedAPICategoryFileTimestamp"]),
                ]),
            .swift(
                """
                func save(theme: String) {
                    UserDefaults.standard.set(theme, forKey: "theme")
                    let attributes = try FileManager.default.attributesOfItem(atPath: path)
                    let created = attributes[.creationDate] as? Date
                    let free = try URL(fileURLWithPath: NSHomeDirectory()).resourceValues(forKeys: [.volumeAvailableCapacityKey])
                    let uptime = ProcessInfo.processInfo.systemUptime
                }
                """,
                otherFiles: [
                    "Info.plist": PrivacyManifestMissing.infoPlist,
                    "PrivacyInfo.xcprivacy": PrivacyManifestMissing.manifest([
                        "NSPrivacyAccessedAPICategoryUserDefaults", "NSPrivacyAccessedAPICategoryFileTimestamp",
                        "NSPrivacyAccessedAPICategoryDiskSpace", "NSPrivacyAccessedAPICategorySystemBootTime",
                    ]),
                ]),
            .swift(
                """
                // A lone file, no app project around it: not judged.
                func save(theme: String) {
                    UserDefaults.standard.set(theme, forKey: "theme")
                }
                """),
            .swift(
                """
                func describe(_ asset: PHAsset, _ message: Message) -> String {
                    let taken = asset.creationDate
                    let sent = message.modificationDate
                    return "\\(String(describing: taken)) \\(String(describing: sent))"
                }
                """, otherFiles: ["Info.plist": PrivacyManifestMissing.infoPlist]),
            .objectiveC(
                """
                - (void)remember:(NSString *)theme {
                    [[↓NSUserDefaults standardUserDefaults] setObject:theme forKey:@"theme"];
                    NSDictionary *attributes = [[NSFileManager defaultManager] attributesOfFileSystemForPath:NSHomeDirectory() error:nil];
                    NSNumber *free = attributes[↓NSFileSystemFreeSize];
                    NSDate *modified = [[[NSFileManager defaultManager] attributesOfItemAtPath:path error:nil] ↓fileModificationDate];
                }
                """, otherFiles: ["Info.plist": PrivacyManifestMissing.infoPlist]),
        ]
    }
}
