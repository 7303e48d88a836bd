import Foundation

/// Downloaded statements and cached, non-secret profile data. Secrets live in the
/// Keychain; files get complete protection.
struct CachedProfile: Codable {
    let displayName: String
    let avatarURL: URL
    var requiresPin: Bool
}

final class DocumentStore {
    private let folder: URL
    private let keychain: SecureKeychain

    init(folder: URL, keychain: SecureKeychain) {
        self.folder = folder
        self.keychain = keychain
    }

    func saveStatement(_ statement: Data, named name: String) throws {
        try statement.write(to: folder.appendingPathComponent(name), options: [.atomic, .completeFileProtection])
    }

    func saveProfile(_ profile: CachedProfile) throws {
        let data = try JSONEncoder().encode(profile)
        try data.write(to: folder.appendingPathComponent("profile.json"), options: .completeFileProtectionUnlessOpen)
    }

    func saveSession(token: String) throws {
        try keychain.save(Data(token.utf8), account: "session")
    }

    func exportCSV(_ report: String) throws {
        let url = folder.appendingPathComponent("report.csv")
        try report.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.protectionKey: FileProtectionType.complete], ofItemAtPath: url.path)
    }

    func saveSettings(theme: String, fontSize: Int) {
        let settings: NSDictionary = ["theme": theme, "fontSize": fontSize]
        settings.write(to: folder.appendingPathComponent("settings.plist"), atomically: true)
    }
}
