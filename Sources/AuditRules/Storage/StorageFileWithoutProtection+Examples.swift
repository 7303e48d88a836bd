import SwiftSyntax
import AuditKit

extension StorageFileWithoutProtection {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func save(statement: Data, to url: URL) throws {
                    try statement.write(to: url, options: ↓.noFileProtection)
                    try statement.write(to: url, options: [.atomic, ↓.noFileProtection])
                }
                """),
            .swift(
                """
                func createLedger(at path: String, contents: Data) throws {
                    FileManager.default.createFile(atPath: path, contents: contents, attributes: [.protectionKey: ↓FileProtectionType.none])
                    try FileManager.default.setAttributes([FileAttributeKey.protectionKey: ↓FileProtectionType.none], ofItemAtPath: path)
                    var values = URLResourceValues()
                    values.fileProtection = ↓.none
                }
                """),
            // A marker file: its existence is its only content.
            .swift(
                """
                func mark(_ url: URL) {
                    FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.protectionKey: FileProtectionType.none])
                    FileManager.default.createFile(atPath: url.path + ".seen", contents: Data(), attributes: [.protectionKey: FileProtectionType.none])
                }
                """),
            .swift(
                """
                func cache(token: String, password: String, in folder: URL) throws {
                    try ↓token.write(to: folder.appendingPathComponent("token.txt"), atomically: true, encoding: .utf8)
                    let data = password.data(using: .utf8)!
                    try ↓data.write(to: folder.appendingPathComponent("pw"))
                    try ↓Data(token.utf8).write(to: folder.appendingPathComponent("t"), options: .atomic)
                    ↓FileManager.default.createFile(atPath: folder.path + "/token", contents: token.data(using: .utf8))
                }
                """),
            .swift(
                """
                func save(statement: Data, token: String, to url: URL) throws {
                    try statement.write(to: url, options: .completeFileProtection)
                    try Data(token.utf8).write(to: url, options: [.atomic, .completeFileProtectionUnlessOpen])
                    FileManager.default.createFile(atPath: url.path, contents: token.data(using: .utf8),
                                                   attributes: [.protectionKey: FileProtectionType.complete])
                    try report.write(to: url.appendingPathExtension("csv"), atomically: true, encoding: .utf8)
                    let cache: FileProtectionType? = nil
                    if cache == FileProtectionType.none { print("unprotected") }
                }
                """),
            .swift(
                """
                // Ciphertext under a key shipped in the app is as readable as the password.
                func saveVault(password: String, vaultURL: URL) {
                    let data = password.data(using: .utf8)
                    let encrypted = try? RNEncryptor.encryptData(data, with: kRNCryptorAES256Settings, password: "app-wide-key")
                    try? ↓encrypted?.write(to: vaultURL, options: .atomic)
                }
                """),
            .swift(
                """
                // Ciphertext under a key that is not in the app: no longer the secret.
                func saveVault(password: String, deviceKey: Data, vaultURL: URL) throws {
                    let encryptedPassword = try cipher.encrypt(Data(password.utf8), key: deviceKey)
                    try encryptedPassword.write(to: vaultURL, options: .atomic)
                }
                """),
            .objectiveC(
                """
                - (void)saveSecret {
                    encryptionKey = @"key-in-the-app";
                    NSData *data = [self.textField.text dataUsingEncoding:NSUTF8StringEncoding];
                    NSData *encryptedData = [data AES256EncryptWithKey:encryptionKey];
                    [encryptedData ↓writeToFile:[self pathForFilename:@"encrypted"] atomically:YES];
                }
                """),
            .objectiveC(
                """
                - (void)savePassword:(NSString *)password key:(NSData *)deviceKey {
                    NSData *data = [password dataUsingEncoding:NSUTF8StringEncoding];
                    NSData *encryptedPassword = [data AES256EncryptWithKey:deviceKey];
                    [encryptedPassword writeToFile:self.vaultPath atomically:YES];
                }
                """),
            .objectiveC(
                """
                // Comparing a protection level writes nothing.
                - (BOOL)isReusable:(NSString *)level attributes:(NSDictionary *)attributes {
                    NSString *key = attributes[NSFileProtectionKey];
                    return [level isEqualToString:NSFileProtectionNone] || [key isEqual:NSFileProtectionNone] || key == NSFileProtectionNone;
                }
                """),
            .objectiveC(
                """
                - (void)saveStatement:(NSData *)statement {
                    [statement writeToFile:self.path options:↓NSDataWritingFileProtectionNone error:nil];
                    [[NSFileManager defaultManager] createFileAtPath:self.path contents:statement
                                                          attributes:@{ NSFileProtectionKey: ↓NSFileProtectionNone }];
                }
                """),
            .objectiveC(
                """
                - (void)cacheToken:(NSString *)token {
                    [token ↓writeToFile:self.tokenPath atomically:YES encoding:NSUTF8StringEncoding error:nil];
                    NSData *pinData = [self.pin dataUsingEncoding:NSUTF8StringEncoding];
                    [pinData ↓writeToFile:self.pinPath atomically:YES];
                }
                """),
            .objectiveC(
                """
                - (void)cacheToken:(NSString *)token {
                    NSData *data = [token dataUsingEncoding:NSUTF8StringEncoding];
                    [data writeToFile:self.tokenPath options:NSDataWritingAtomic | NSDataWritingFileProtectionComplete error:nil];
                    [self.report writeToFile:self.reportPath atomically:YES encoding:NSUTF8StringEncoding error:nil];
                }
                """),
            .swift(
                """
                func rememberPIN(_ pin: String, salt: Data, in folder: URL) throws {
                    let verifier = pbkdf2(password: pin, salt: salt, rounds: 310_000)
                    try ↓verifier.write(to: folder.appendingPathComponent("pin.bin"), options: .atomic)
                }
                """),
            .swift(
                """
                func rememberPIN(_ pin: String, salt: Data, in folder: URL) throws {
                    let verifier = pbkdf2(password: pin, salt: salt, rounds: 310_000)
                    try verifier.write(to: folder.appendingPathComponent("pin.bin"), options: [.atomic, .completeFileProtection])
                    let thumbnail = resize(photo, to: 64)
                    try thumbnail.write(to: folder.appendingPathComponent("thumb.png"), options: .atomic)
                }
                """),
            // A secret-named file gets the default class, whatever its data is called.
            .swift(
                """
                func persist(response body: Data, key: Data, in folder: URL) throws {
                    try ↓body.write(to: folder.appendingPathComponent("session_token.json"))
                    let destination = folder.appendingPathComponent("signing.p12")
                    try ↓key.write(to: destination, options: .atomic)
                    ↓FileManager.default.createFile(atPath: folder.path + "/credentials.plist", contents: body)
                }
                """),
            .swift(
                """
                func persist(response body: Data, thumbnail: Data, in folder: URL) throws {
                    try body.write(to: folder.appendingPathComponent("session_token.json"), options: [.atomic, .completeFileProtection])
                    try thumbnail.write(to: folder.appendingPathComponent("avatar.png"), options: .atomic)
                    try body.write(to: folder.appendingPathComponent("feed-cache.json"))
                }
                """),
        ]
    }
}
