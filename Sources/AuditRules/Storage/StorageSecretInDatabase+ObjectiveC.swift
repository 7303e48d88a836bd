import AuditKit

/// ``StorageSecretInDatabase`` in Objective-C, on tokens: a secret-named property set on a
/// Core Data object (`[NSEntityDescription insertNewObjectForEntityForName:…]`) or on an
/// object added to an unencrypted Realm (`[realm addObject:user]`), YapDatabase's
/// `setObject:forKey:inCollection:`, Couchbase Lite's `putProperties:` of a dictionary with
/// secret keys, and `sqlite3_bind_text` of a secret.
enum ObjectiveCDatabaseWrites {
    static func matches(in file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        let realmEncrypted = tokens.contains { $0.kind == .identifier && $0.text == "encryptionKey" }
        let sqlCipher = StorageSecretInDatabase.usesSQLCipher(file.text)
        var matches: [Match] = []
        for body in file.bodyRanges {
            for (name, store) in records(in: body, tokens) where !(store == .realm && realmEncrypted) {
                guard let (index, field) = firstSecretField(of: name, in: body, tokens) else { continue }
                matches.append(Match(file.range(of: tokens[index]), "\(field) is stored in \(store.name) in the clear (\(name))"))
            }
            for index in body where tokens[index].kind == .identifier {
                switch tokens[index].text {
                case "inCollection":
                    // `[transaction setObject:password forKey:@"Password" inCollection:@"DVIA"]`
                    // The `setObject` of this message, not of an earlier statement.
                    guard let start = (body.lowerBound..<index).last(where: { tokens[$0].text == "setObject" || tokens[$0].text == ";" }),
                        tokens[start].text == "setObject",
                        let secret = tokens[start..<index].first(where: isSecret)
                    else { continue }
                    matches.append(Match(file.range(of: tokens[start]), "\(secret.text) is stored in YapDatabase (SQLite) in the clear"))
                case "putProperties":
                    guard index + 2 < body.upperBound, tokens[index + 1].text == ":",
                        let secret = dictionarySecret(at: index + 2, in: body, tokens)
                    else { continue }
                    matches.append(Match(file.range(of: tokens[index]), "\(secret) is stored in Couchbase Lite in the clear"))
                case "sqlite3_bind_text", "sqlite3_bind_blob":
                    guard !sqlCipher, let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count >= 3,
                        let secret = tokens[arguments[2]].first(where: { $0.kind == .identifier && SensitiveValues.isSecretName($0.text) })
                    else { continue }
                    matches.append(Match(file.range(of: tokens[index]), "\(secret.text) is bound into an SQLite statement and stored in the clear"))
                default:
                    continue
                }
            }
        }
        return matches
    }

    /// A secret-named identifier or string key.
    private static func isSecret(_ token: ObjectiveCToken) -> Bool {
        (token.kind == .identifier || token.kind == .string) && SensitiveValues.isSecretName(token.text)
    }

    /// Locals of the body assigned a new Core Data object, or added to a Realm.
    private static func records(in body: Range<Int>, _ tokens: [ObjectiveCToken]) -> [(String, DatabaseStore)] {
        var records: [(String, DatabaseStore)] = []
        for index in body where index + 3 < body.upperBound && tokens[index].kind == .identifier {
            // `User *user = [NSEntityDescription insertNewObjectForEntityForName:…`
            if tokens[index + 1].text == "=", tokens[index + 2].text == "[", tokens[index + 3].text == "NSEntityDescription" {
                records.append((tokens[index].text, .coreData))
            }
            // `[realm addObject:user]`
            if index >= 1, tokens[index - 1].text == "[", tokens[index].text.lowercased().contains("realm"),
                tokens[index + 1].text == "addObject" || tokens[index + 1].text == "addOrUpdateObject", tokens[index + 2].text == ":",
                tokens[index + 3].kind == .identifier
            {
                records.append((tokens[index + 3].text, .realm))
            }
        }
        return records
    }

    /// The first `name.secret = …` or `[name setValue:… forKey:@"secret"]` of the body.
    private static func firstSecretField(of name: String, in body: Range<Int>, _ tokens: [ObjectiveCToken]) -> (Int, String)? {
        for index in body where tokens[index].kind == .identifier && tokens[index].text == name && index + 4 < body.upperBound {
            if tokens[index + 1].text == ".", tokens[index + 2].kind == .identifier, SensitiveValues.isSecretName(tokens[index + 2].text),
                tokens[index + 3].text == "=", !["nil", "NO", "YES", "NULL"].contains(tokens[index + 4].text)
            {
                return (index, "\(name).\(tokens[index + 2].text)")
            }
            if index >= 1, tokens[index - 1].text == "[", tokens[index + 1].text == "setValue",
                let end = (index..<body.upperBound).first(where: { tokens[$0].text == "]" || tokens[$0].text == ";" }),
                let key = (index..<end).first(where: { tokens[$0].text == "forKey" }), key + 2 < end,
                tokens[key + 2].kind == .string, SensitiveValues.isSecretName(tokens[key + 2].text)
            {
                return (index, "\(name)'s \(tokens[key + 2].text)")
            }
        }
        return nil
    }

    /// A secret key of the dictionary at `index`: a literal `@{ … }`, or a local assigned
    /// one in the body (`NSDictionary *properties = @{ @"password" : password }`).
    private static func dictionarySecret(at index: Int, in body: Range<Int>, _ tokens: [ObjectiveCToken]) -> String? {
        var open = index
        if tokens[index].kind == .identifier {
            let name = tokens[index].text
            guard let assigned = (body.lowerBound..<index).first(where: { tokens[$0].text == name && $0 + 3 < index && tokens[$0 + 1].text == "=" })
            else { return nil }
            open = assigned + 2
        }
        guard tokens[open].text == "@", open + 1 < body.upperBound, tokens[open + 1].text == "{",
            let close = ObjectiveCSyntax.matching(tokens, open: open + 1)
        else { return nil }
        for position in (open + 2)..<close where tokens[position].kind == .string && position + 1 < close && tokens[position + 1].text == ":" {
            if SensitiveValues.isSecretName(tokens[position].text) { return tokens[position].text }
        }
        return nil
    }
}
