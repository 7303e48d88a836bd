import SwiftSyntax
import AuditKit

extension StorageSecretArchivedToFile {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                // iGoat-style: the account object archived into Documents.
                func saveAccount(_ credentials: Credentials) {
                    let path = documentsDirectory.appendingPathComponent("credentials.archive").path
                    ↓NSKeyedArchiver.archiveRootObject(credentials, toFile: path)
                }
                """),
            .swift(
                """
                struct User: Codable {
                    let name: String
                    let password: String
                }
                final class UserCache {
                    func store(_ user: User, at url: URL) throws {
                        let data = try JSONEncoder().encode(user)
                        try ↓data.write(to: url, options: .atomic)
                    }
                    func store(session token: String, at url: URL) throws {
                        let archived = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
                        ↓FileManager.default.createFile(atPath: url.path, contents: archived, attributes: nil)
                        let json = try JSONSerialization.data(withJSONObject: ["refresh_token": token])
                        try ↓json.write(to: url.appendingPathExtension("json"))
                    }
                }
                """),
            .swift(
                """
                struct Profile: Codable {
                    let name: String
                    let avatarURL: URL
                    var requiresPin: Bool
                }
                func store(_ profile: Profile, history: [Transaction], at url: URL) throws {
                    let data = try JSONEncoder().encode(profile)
                    try data.write(to: url, options: .completeFileProtection)
                    let archive = try NSKeyedArchiver.archivedData(withRootObject: history, requiringSecureCoding: true)
                    try archive.write(to: url.appendingPathExtension("history"))
                    // Archiving a token to store it in the Keychain is fine.
                    let tokenData = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
                    try keychain.save(tokenData, for: "token")
                }
                """),
            .objectiveC(
                """
                - (void)saveCredentials {
                    NSString *path = [[self documentsPath] stringByAppendingPathComponent:@"user.archive"];
                    [NSKeyedArchiver ↓archiveRootObject:self.credentials toFile:path];
                }
                """),
            .objectiveC(
                """
                - (void)persistSession:(Session *)session {
                    NSData *data = [NSKeyedArchiver archivedDataWithRootObject:session.authToken];
                    [data ↓writeToFile:self.sessionPath atomically:YES];
                }
                - (void)persistHistory {
                    NSData *data = [NSKeyedArchiver archivedDataWithRootObject:self.history];
                    [data writeToFile:self.historyPath atomically:YES];
                    [NSKeyedArchiver archiveRootObject:self.settings toFile:self.settingsPath];
                }
                """),
        ]
    }
}
