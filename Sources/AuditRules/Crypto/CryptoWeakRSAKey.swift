import SwiftSyntax
import AuditKit

/// An RSA key generated or declared with fewer than 2048 bits: a Security framework
/// attribute dictionary (`SecKeyCreateRandomKey`, `SecKeyGeneratePair`, a Keychain query)
/// holding `kSecAttrKeyTypeRSA` and `kSecAttrKeySizeInBits` of 512, 768 or 1024, in Swift
/// or Objective-C, with the size written inline or in a constant of the file.
struct CryptoWeakRSAKey: AuditRule {
    let metadata = RuleMetadata(
        id: "crypto-weak-rsa-key",
        title: "RSA key shorter than 2048 bits",
        severity: .high,
        category: .crypto,
        masvs: "MASVS-CRYPTO-2",
        cwe: 326,
        rationale:
            "RSA keys of 1024 bits or fewer are within reach of a well-funded attacker today and were disallowed by NIST after 2013 (SP 800-131A); 512-bit keys are factored in hours on rented machines. A signature or a wrapped key made with one gives no lasting protection.",
        fix:
            "Use RSA with at least 2048 bits (3072 for data that must stay protected past 2030), or better an elliptic-curve key: a P-256 key in the Secure Enclave (kSecAttrTokenIDSecureEnclave; DeviceTrust's device keys) cannot even be exported."
    )

    let triggers = ["kSecAttrKeySizeInBits"]

    static let minimumBits = 2048

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for dictionary in file.index.dictionaries {
            guard case .elements(let elements) = dictionary.content else { continue }
            var isRSA = false
            var size: (bits: Int, node: Syntax)?
            for element in elements {
                guard let key = KeychainQuery.constantName(element.key) else { continue }
                let value = BindingValues.unwrap(element.value)
                if key == "kSecAttrKeyType", KeychainQuery.constantName(value).map({ $0.hasPrefix("kSecAttrKeyTypeRSA") }) == true { isRSA = true }
                if key == "kSecAttrKeySizeInBits", let bits = Self.bits(value, in: file) { size = (bits, Syntax(element)) }
            }
            guard isRSA, let size, size.bits < Self.minimumBits else { continue }
            matches.append(Match(file.range(of: size.node), "an RSA key of \(size.bits) bits is requested (at least \(Self.minimumBits) are needed)"))
        }
        return matches
    }

    /// `1024`, `NSNumber(value: 1024)`, `1024 as CFNumber`, or a constant of the file holding one.
    private static func bits(_ value: ExprSyntax, in file: SwiftFile, depth: Int = 0) -> Int? {
        let bare = BindingValues.unwrap(value)
        if let literal = bare.as(IntegerLiteralExprSyntax.self) { return CryptoLiterals.integerValue(literal.literal.text) }
        if let call = bare.as(FunctionCallExprSyntax.self), ["NSNumber", "Int", "UInt", "Int32"].contains(call.calleeText),
            let argument = call.arguments.first?.expression
        {
            return bits(argument, in: file, depth: depth)
        }
        guard depth < 3, BindingValues.referencedName(bare) != nil, let initial = BindingValues.initializer(of: bare, from: bare, in: file) else { return nil }
        return bits(initial, in: file, depth: depth + 1)
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == "kSecAttrKeySizeInBits" {
            // The key type is set in the same body (or, at file scope, the same file).
            let scope = file.bodyRange(containing: index) ?? 0..<tokens.count
            guard tokens[scope].contains(where: { $0.text.hasPrefix("kSecAttrKeyTypeRSA") }),
                let bits = Self.objectiveCBits(near: index, in: tokens), bits < Self.minimumBits
            else { continue }
            matches.append(Match(file.range(of: token), "an RSA key of \(bits) bits is requested (at least \(Self.minimumBits) are needed)"))
        }
        return matches
    }

    /// The number given with the key: `kSecAttrKeySizeInBits : @1024`, `@(1024)`,
    /// `[NSNumber numberWithInt:1024]`, or `setObject:@1024 forKey:(id)kSecAttrKeySizeInBits`.
    private static func objectiveCBits(near index: Int, in tokens: [ObjectiveCToken]) -> Int? {
        let after = tokens[(index + 1)..<min(tokens.count, index + 8)]
        if after.first?.text == ":" || after.first?.text == ")" {
            if let end = after.firstIndex(where: { $0.text == "," || $0.text == "}" || $0.text == ";" }),
                let number = tokens[(index + 1)..<end].first(where: { $0.kind == .number })
            {
                return CryptoLiterals.integerValue(number.text)
            }
        }
        // `[attributes setObject:@1024 forKey:(__bridge id)kSecAttrKeySizeInBits]`
        let statementStart = (max(0, index - 24)..<index).last { tokens[$0].text == ";" || tokens[$0].text == "{" }.map { $0 + 1 } ?? max(0, index - 24)
        let before = tokens[statementStart..<index]
        guard before.contains(where: { $0.text == "forKey" }), let setter = before.lastIndex(where: { $0.text == "setObject" || $0.text == "setValue" }) else {
            return nil
        }
        return tokens[setter..<index].first { $0.kind == .number }.flatMap { CryptoLiterals.integerValue($0.text) }
    }
}
