import SwiftSyntax
import AuditKit

/// Secrets serialized to files: `NSKeyedArchiver.archiveRootObject(_:toFile:)`, or the
/// output of `NSKeyedArchiver.archivedData` / `JSONEncoder` / `JSONSerialization` of a
/// secret-named value (or of a type with a secret-named property) written to a file.
struct StorageSecretArchivedToFile: AuditRule {
    let metadata = RuleMetadata(
        id: "storage-secret-archived-to-file",
        title: "Secret archived or encoded to a file",
        severity: .high,
        category: .storage,
        masvs: "MASVS-STORAGE-1",
        cwe: 312,
        rationale:
            "NSKeyedArchiver, JSONEncoder and JSONSerialization produce plain, unencrypted bytes: the credentials, tokens or session they encode sit in a file of the app's container that goes into device backups and can be read on a jailbroken or forensically imaged device (a keyed archive shows every string field in the clear). Data protection only applies while the device is locked, and not at all to backups.",
        fix:
            "Store the secret fields in the Keychain (DeviceTrust's Keychain.save, ThisDeviceOnly class) and archive only the non-secret remainder; if a whole object must persist, encrypt it with a key that lives in the Keychain or the Secure Enclave before writing it with .completeFileProtection."
    )

    let triggers = ["NSKeyedArchiver", "JSONEncoder", "JSONSerialization", "archiveRootObject", "archivedData"]

    /// In Swift, a secret-named identifier or key somewhere in the file (a value, a key, a
    /// type or one of its stored properties), and what the check reads:
    /// `archiveRootObject(_:toFile:)`, or a `write` / `createFile` of bytes from
    /// `archivedData`, `JSONSerialization` or a `JSONEncoder`.
    let preCheck = PreCheck.all([
        .swiftSecretNames,
        .any([
            .swiftIdentifier(["archiveRootObject"]),
            .all([.swiftIdentifier(["write", "createFile"]), .swiftIdentifier(["archivedData", "JSONSerialization", "JSONEncoder"])]),
        ]),
    ])

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        let values = SensitiveValues(file: file)
        for call in file.index.calls where call.calleeName == "archiveRootObject" && call.calleeText.hasPrefix("NSKeyedArchiver") {
            guard call.argument("toFile") != nil, let value = call.arguments.first?.expression, let secret = values.secretName(of: value) else { continue }
            matches.append(Match(file.range(of: call), "\(secret) is archived with NSKeyedArchiver into a plain file"))
        }
        for write in FileWrite.writes(in: file) {
            guard let (producer, value) = write.producer(in: file), producer != .propertyList,
                let secret = values.secretName(of: value)
            else { continue }
            let how = producer == .keyedArchiver ? "archived with NSKeyedArchiver" : "encoded as JSON"
            matches.append(Match(file.range(of: write.call), "\(secret) is \(how) and written to a file"))
        }
        return matches
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            switch token.text {
            case "archiveRootObject":
                // `[NSKeyedArchiver archiveRootObject:X toFile:path]`
                guard index >= 1, tokens[index - 1].text == "NSKeyedArchiver", index + 1 < tokens.count, tokens[index + 1].text == ":",
                    let end = (index..<tokens.count).first(where: { tokens[$0].text == "toFile" || tokens[$0].text == ";" }),
                    tokens[end].text == "toFile",
                    let secret = tokens[(index + 2)..<end].first(where: { $0.kind == .identifier && SensitiveValues.isSecretName($0.text) })
                else { continue }
                matches.append(Match(file.range(of: token), "\(secret.text) is archived with NSKeyedArchiver into a plain file"))
            case "writeToFile", "writeToURL":
                // `NSData *data = [NSKeyedArchiver archivedDataWithRootObject:X …]; [data writeToFile:…]`
                guard index >= 2, tokens[index - 2].text == "[", tokens[index - 1].kind == .identifier,
                    let body = file.bodyRange(containing: index),
                    let secret = archivedSecret(named: tokens[index - 1].text, before: index, body: body, in: tokens)
                else { continue }
                matches.append(Match(file.range(of: token), "\(secret) is archived with NSKeyedArchiver and written to a file"))
            default:
                continue
            }
        }
        return matches
    }

    /// The secret-named identifier archived into the variable `name` by an earlier
    /// `name = [NSKeyedArchiver archivedDataWithRootObject:…]` of the same body.
    private func archivedSecret(named name: String, before index: Int, body: Range<Int>, in tokens: [ObjectiveCToken]) -> String? {
        for position in stride(from: index - 2, through: body.lowerBound, by: -1) where tokens[position].text == name {
            guard position + 4 < index, tokens[position + 1].text == "=", tokens[position + 2].text == "[",
                tokens[position + 3].text == "NSKeyedArchiver", tokens[position + 4].text.hasPrefix("archivedData")
            else { continue }
            let end = (position..<index).first { tokens[$0].text == ";" } ?? index
            return tokens[(position + 5)..<end].first { $0.kind == .identifier && SensitiveValues.isSecretName($0.text) }?.text
        }
        return nil
    }
}
