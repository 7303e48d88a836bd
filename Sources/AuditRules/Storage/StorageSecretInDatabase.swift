import SwiftSyntax
import AuditKit

/// Secrets stored in an app database in the clear: a secret-named attribute of a Core Data
/// object (`NSEntityDescription.insertNewObject`, `NSManagedObject(entity:insertInto:)`,
/// `Entity(context:)`) or of an object added to an unencrypted Realm, a secret put into
/// YapDatabase (`setObject(_:forKey:inCollection:)`) or Couchbase Lite (`putProperties`,
/// `MutableDocument.setString`), and a secret bound into an SQLite statement
/// (`sqlite3_bind_text`) or passed to FMDB's `executeUpdate`. One finding per stored
/// object, at its first secret attribute.
struct StorageSecretInDatabase: AuditRule {
    let metadata = RuleMetadata(
        id: "storage-secret-in-database",
        title: "Secret stored in an unencrypted app database",
        severity: .high,
        category: .storage,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        rationale:
            "Core Data, SQLite, Realm, YapDatabase and Couchbase Lite keep their rows in plain files of the app's container. A password, token, PIN or card number stored there is readable in a device backup, on a jailbroken device and in a forensic image, whatever the app's own code does; file protection only applies while the device is locked.",
        fix:
            "Keep secrets out of the database: store them in the Keychain (DeviceTrust's Keychain.save, ThisDeviceOnly class) and keep only a reference in the row. If the database itself must hold sensitive records, encrypt it (Realm's encryptionKey, SQLCipher) with a key kept in the Keychain, and give its files .completeFileProtection."
    )

    let triggers = [
        "NSEntityDescription", "NSManagedObject", "context:", "Realm", "RLMRealm", "inCollection", "putProperties", "MutableDocument",
        "sqlite3_bind_text", "executeUpdate",
    ]

    /// In Swift, a secret-named identifier or key somewhere in the file, and what the check
    /// reads: a Core Data insertion (`insertNewObject`, `insertInto:`, or `context:` in a
    /// file that uses Core Data), a Realm receiver, or a YapDatabase, Couchbase, SQLite or
    /// FMDB write.
    let preCheck = PreCheck.all([
        .swiftSecretNames,
        .any([
            .swiftIdentifier([
                "insertNewObject", "insertInto", "inCollection", "putProperties", "sqlite3_bind_text", "sqlite3_bind_blob", "executeUpdate",
            ]),
            .all([.swiftCode(["CoreData", "NSManagedObject"]), .swiftIdentifier(["context"])]),
            .swiftIdentifierContaining(["realm"]),
        ]),
    ])

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        let values = SensitiveValues(file: file)
        let realmEncrypted = file.codeText.contains("encryptionKey")
        let sqlCipher = Self.usesSQLCipher(file.text)
        var matches: [Match] = []
        var reported: Set<SyntaxIdentifier> = []
        for record in DatabaseRecords.records(in: file) where !(record.store == .realm && realmEncrypted) {
            guard let (node, field) = DatabaseRecords.firstSecretField(of: record, in: file), reported.insert(node.id).inserted else { continue }
            matches.append(Match(file.range(of: node), "\(field) is stored in \(record.store.name) in the clear (\(record.name))"))
        }
        for call in file.index.calls {
            switch call.calleeName {
            case "setObject" where call.argument("inCollection") != nil:
                // YapDatabase: `transaction.setObject(password, forKey: "Password", inCollection: "DVIA")`
                guard let value = call.arguments.first?.expression, let key = call.argument("forKey"),
                    let secret = values.secretName(of: value) ?? Self.secretKey(key)
                else { continue }
                matches.append(Match(file.range(of: call), "\(secret) is stored in YapDatabase (SQLite) in the clear"))
            case "putProperties":
                // Couchbase Lite: `document.putProperties(["password": password])`
                guard let properties = call.arguments.first?.expression, let secret = values.secretName(of: properties) else { continue }
                matches.append(Match(file.range(of: call), "\(secret) is stored in Couchbase Lite in the clear"))
            case "sqlite3_bind_text", "sqlite3_bind_blob":
                guard !sqlCipher, call.arguments.count >= 3, let secret = values.secretName(of: Array(call.arguments)[2].expression) else { continue }
                matches.append(Match(file.range(of: call), "\(secret) is bound into an SQLite statement and stored in the clear"))
            case "executeUpdate":
                // FMDB: `db.executeUpdate("INSERT …", withArgumentsIn: [user, password])`
                guard !sqlCipher, let secret = call.arguments.dropFirst().lazy.compactMap({ Self.secretElement(of: $0.expression, values) }).first
                else { continue }
                matches.append(Match(file.range(of: call), "\(secret) is written to an SQLite database in the clear"))
            default:
                continue
            }
        }
        return matches
    }

    /// Whether the file keys its SQLite database with SQLCipher (`sqlite3_key`, `PRAGMA
    /// key`, FMDB's `setKey`): the rows are encrypted, and a weak key is another matter.
    static func usesSQLCipher(_ text: String) -> Bool {
        ["sqlite3_key", "PRAGMA key", "setKey:", ".setKey("].contains { text.contains($0) }
    }

    /// A key literal or constant that names a secret (`"Password"`, `YapKeyPassword`).
    private static func secretKey(_ key: ExprSyntax) -> String? {
        let bare = BindingValues.unwrap(key)
        let name = bare.as(StringLiteralExprSyntax.self)?.literalValue ?? bare.lastName
        guard let name, SensitiveValues.isSecretName(name) else { return nil }
        return "a value under \(name)"
    }

    /// The first secret among an argument array's elements, or the argument itself.
    private static func secretElement(of expression: ExprSyntax, _ values: SensitiveValues) -> String? {
        if let array = BindingValues.unwrap(expression).as(ArrayExprSyntax.self) {
            return array.elements.lazy.compactMap { values.secretName(of: $0.expression) }.first
        }
        return values.secretName(of: expression)
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        ObjectiveCDatabaseWrites.matches(in: file)
    }
}
