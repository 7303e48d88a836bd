import SwiftSyntax
import AuditKit

/// `kSecAttrSynchronizable: true` when adding or updating an item: iCloud Keychain copies
/// the secret to every device of the Apple ID.
struct KeychainSynchronizableSecret: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-synchronizable-secret",
        title: "Keychain secret synchronized through iCloud Keychain",
        severity: .medium,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        cwe: 922,
        rationale:
            "An item added or updated with kSecAttrSynchronizable = true leaves the device: iCloud Keychain copies it to every device signed in to the same Apple ID, where the app's protections (device binding, jailbreak checks, the ThisDeviceOnly classes, which synchronizable items cannot use) do not apply. A session token or a device-binding key that syncs lets another device act as this one.",
        fix:
            "Leave kSecAttrSynchronizable unset (false) for tokens, session secrets and keys, and use a …ThisDeviceOnly accessibility class; only sync what the user expects on all their devices (their own saved password). DeviceTrust's Keychain defaults to synchronizable: false with .afterFirstUnlockThisDeviceOnly. kSecAttrSynchronizableAny belongs in lookups and deletes only."
    )

    let triggers = ["ynchronizable"]

    /// For Swift: whether `kSecAttrSynchronizable` or a wrapper's `synchronizable` is given a
    /// literal true where it is written (`: true`, `] = kCFBooleanTrue`, `(true)`,
    /// `synchronizable: NSNumber(value: true)`), judged on the code text: the only values
    /// ``check(_:project:)`` reports.
    let preCheck = PreCheck.swiftCustom("a literal true given to synchronizable where it is written", Self.setsSynchronizableTrue)

    private static func setsSynchronizableTrue(_ swift: SwiftFile) -> Bool {
        var code = swift.codeText
        return code.withUTF8 { bytes in
            func skipBlanks(_ index: inout Int) {
                while index < bytes.count, SwiftTokens.isBlank(bytes[index]) { index += 1 }
            }
            func word(at index: Int) -> Substring {
                var end = index
                while end < bytes.count, SwiftTokens.isIdentifierPart(bytes[end]) { end += 1 }
                return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
            }
            let key = Array("ynchronizable".utf8)
            var start = 0
            while start + key.count <= bytes.count {
                defer { start += 1 }
                guard bytes[start] == key[0], (1..<key.count).allSatisfy({ bytes[start + $0] == key[$0] }) else { continue }
                var index = start + key.count
                guard index >= bytes.count || !SwiftTokens.isIdentifierPart(bytes[index]) else { continue }
                // `as String`, `as! CFString`, then the closing `]` or `)` of a subscript or cast.
                skipBlanks(&index)
                while word(at: index) == "as" {
                    index += 2
                    while index < bytes.count, bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "?") { index += 1 }
                    skipBlanks(&index)
                    index += word(at: index).utf8.count
                    skipBlanks(&index)
                }
                while index < bytes.count, bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: ")") { index += 1 }
                skipBlanks(&index)
                guard index < bytes.count, [UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "(")].contains(bytes[index]) else { continue }
                if bytes[index] == UInt8(ascii: "="), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=") { continue }
                index += 1
                skipBlanks(&index)
                // `NSNumber(value: true)`, `NSNumber(booleanLiteral: true)`.
                if word(at: index) == "NSNumber" {
                    while index < bytes.count, bytes[index] != UInt8(ascii: ":"), bytes[index] != 0x0A { index += 1 }
                    index += 1
                    skipBlanks(&index)
                }
                if ["true", "kCFBooleanTrue", "1"].contains(word(at: index)) { return true }
            }
            return false
        }
    }

    private static let trueValues: Set<String> = [
        "true", "kCFBooleanTrue", "NSNumber(value: true)", "NSNumber(booleanLiteral: true)", "1", "NSNumber(value: 1)",
    ]

    private func isTrue(_ expression: ExprSyntax) -> Bool {
        Self.trueValues.contains(BindingValues.unwrap(expression).trimmedDescription)
    }

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for call in file.index.calls {
            switch call.calleeName {
            case "SecItemAdd", "SecItemUpdate":
                // SecItemAdd's attributes are its first argument; SecItemUpdate's, its second.
                let position = call.calleeName == "SecItemAdd" ? 0 : 1
                let arguments = Array(call.arguments)
                guard position < arguments.count, let attributes = KeychainQuery.resolve(arguments[position].expression, in: file),
                    let value = attributes.value(for: "kSecAttrSynchronizable"), isTrue(value)
                else { continue }
                matches.append(
                    Match(
                        file.range(of: call),
                        "\(call.calleeName) sets kSecAttrSynchronizable to true: iCloud Keychain copies the item to the user's other devices"))
            case "synchronizable":
                // KeychainAccess: `Keychain(service:).synchronizable(true)`
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
                    call.arguments.count == 1, let value = call.arguments.first?.expression, isTrue(value)
                else { continue }
                matches.append(Match(file.range(of: member.declName), "synchronizable(true) stores the item in iCloud Keychain"))
            default:
                // DeviceTrust's `Keychain(…, synchronizable: true)` and similar wrappers.
                // (A `backend:` argument means an emulated or recording keychain: a test.)
                guard call.calleeName.contains("Keychain"), !call.arguments.contains(where: { $0.label?.text == "backend" }),
                    let argument = call.arguments.first(where: { $0.label?.text == "synchronizable" }), isTrue(argument.expression)
                else { continue }
                matches.append(Match(file.range(of: argument), "\(call.calleeName)(synchronizable: true) stores items in iCloud Keychain"))
            }
        }
        // KeychainSwift: `keychain.synchronizable = true`
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let member = elements[0].as(MemberAccessExprSyntax.self), member.declName.baseName.text == "synchronizable",
                member.base != nil, isTrue(elements[2])
            else { continue }
            matches.append(Match(file.range(of: member), "\(member.trimmedDescription) = true stores items in iCloud Keychain"))
        }
        return matches
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && (token.text == "SecItemAdd" || token.text == "SecItemUpdate") {
            let position = token.text == "SecItemAdd" ? 0 : 1
            guard let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), position < arguments.count,
                let attributes = ObjectiveCDictionary.resolve(arguments[position], in: file),
                let value = attributes.value(for: "kSecAttrSynchronizable")
            else { continue }
            let bare = ObjectiveCExpressions.strippingCasts(value, in: tokens).filter {
                tokens[$0].text != "@" && tokens[$0].text != "(" && tokens[$0].text != ")"
            }
            guard bare.count == 1, ["kCFBooleanTrue", "YES", "true", "1"].contains(tokens[bare[0]].text) else { continue }
            matches.append(
                Match(file.range(of: token), "\(token.text) sets kSecAttrSynchronizable to true: iCloud Keychain copies the item to the user's other devices"))
        }
        return matches
    }
}
