import SwiftSyntax
import AuditKit

extension StorageSecretInPlistFile {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                // DVIA-style: the login form saved to a plist in Documents.
                func saveCredentials(username: String, password: String) {
                    let path = NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true)[0] + "/userInfo.plist"
                    let dict = NSMutableDictionary()
                    dict.setValue(username, forKey: "username")
                    dict.setValue(password, forKey: "password")
                    ↓dict.write(toFile: path, atomically: true)
                }
                """),
            .swift(
                """
                func cache(session: String, url: URL) {
                    let info: [String: Any] = ["user": "alice", "sessionToken": session]
                    ↓(info as NSDictionary).write(to: url, atomically: true)
                    let pinInfo = NSDictionary(objects: [pin], forKeys: ["pin" as NSCopying])
                    ↓pinInfo.write(toFile: pinPath, atomically: false)
                }
                """),
            .swift(
                """
                struct Credentials: Codable { let user: String; let password: String }
                func persist(_ credentials: Credentials, to url: URL) throws {
                    let data = try PropertyListEncoder().encode(credentials)
                    try ↓data.write(to: url, options: .completeFileProtection)
                }
                """),
            .swift(
                """
                func persist(settings: Settings, to url: URL) throws {
                    let prefs: [String: Any] = ["theme": "dark", "fontSize": 14]
                    (prefs as NSDictionary).write(to: url, atomically: true)
                    let data = try PropertyListEncoder().encode(settings)
                    try data.write(to: url, options: .completeFileProtection)
                    try token.write(toFile: tokenPath, atomically: true, encoding: .utf8)
                }
                """),
            .swift(
                """
                // A typed literal wrapped in an NSDictionary, then written into Documents.
                func rememberSession(_ jwt: String) {
                    let documents = NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true)[0] as String
                    let sessionFile = documents.appending("/session.plist")
                    let content: [String: String] = ["jwt": jwt, "accessToken": jwt]
                    let plist = NSDictionary(dictionary: content)
                    let saved: Bool = ↓plist.write(toFile: sessionFile, atomically: true)
                    if !saved { print("could not save") }
                }
                func seedDebugAccount(at url: URL) throws {
                    let account: [String: Any] = ["login": "qa@example.org", "passcode": "4321"]
                    try ↓NSDictionary(dictionary: account).write(to: url)
                }
                """),
            .swift(
                """
                func rememberLayout(columns: Int) {
                    let documents = NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true)[0] as String
                    let content: [String: String] = ["layout": "grid", "columns": String(columns)]
                    let plist = NSDictionary(dictionary: content)
                    _ = plist.write(toFile: documents.appending("/layout.plist"), atomically: true)
                    try? NSDictionary(dictionary: ["theme": "dark"]).write(to: layoutURL)
                }
                """),
            .objectiveC(
                """
                - (void)saveUser:(NSString *)user password:(NSString *)password {
                    NSMutableDictionary *info = [[NSMutableDictionary alloc] init];
                    [info setObject:user forKey:@"username"];
                    [info setObject:password forKey:@"password"];
                    [info ↓writeToFile:[self plistPath] atomically:YES];
                }
                """),
            .objectiveC(
                """
                - (void)saveSession:(NSString *)token {
                    NSDictionary *session = @{ @"authToken": token, @"expires": self.expiry };
                    [session ↓writeToURL:self.sessionURL atomically:YES];
                }
                - (void)saveTheme:(NSString *)theme {
                    NSDictionary *prefs = @{ @"theme": theme };
                    [prefs writeToFile:self.prefsPath atomically:YES];
                    [self.data writeToFile:self.cachePath atomically:YES];
                }
                """),
            .swift(
                """
                // iGoat-style: the bundled credentials plist copied into Documents on first launch.
                final class PlistStorageViewController: UIViewController {
                    let plistPath = NSHomeDirectory() + "/Documents/Credentials.plist"
                    let bundlePath = Bundle.main.resourcePath!.appending("/Credentials.plist")

                    func installPlist() {
                        try? ↓FileManager.default.copyItem(atPath: bundlePath, toPath: plistPath)
                        let themes = NSHomeDirectory() + "/Documents/Themes.plist"
                        try? FileManager.default.copyItem(atPath: Bundle.main.path(forResource: "Themes", ofType: "plist")!, toPath: themes)
                    }
                }
                """),
            .objectiveC(
                """
                - (void)installCredentials {
                    NSString *documents = NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES)[0];
                    NSString *destination = [documents stringByAppendingPathComponent:@"Credentials.plist"];
                    NSString *source = [[NSBundle mainBundle] pathForResource:@"Credentials" ofType:@"plist"];
                    [[NSFileManager defaultManager] ↓copyItemAtPath:source toPath:destination error:nil];
                    [[NSFileManager defaultManager] copyItemAtPath:self.themeSource toPath:[documents stringByAppendingPathComponent:@"Themes.plist"] error:nil];
                }
                """),
            .plist(
                "Config.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>environment</key>
                    <string>production</string>
                    ↓<key>adminPassword</key>
                    <string>Adm1n!2019</string>
                    <key>users</key>
                    <array>
                        <dict>
                            <key>name</key>
                            <string>demo</string>
                            ↓<key>password</key>
                            <string>demo1234</string>
                        </dict>
                    </array>
                </dict>
                </plist>
                """),
            .plist(
                "Config.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>passwordMinLength</key>
                    <integer>12</integer>
                    <key>tokenKeychainKey</key>
                    <string>com.bank.token</string>
                    <key>authToken</key>
                    <string>$(AUTH_TOKEN)</string>
                    <key>password</key>
                    <string></string>
                    <key>refreshToken</key>
                    <string>YOUR_REFRESH_TOKEN_HERE</string>
                </dict>
                </plist>
                """),
        ]
    }
}
