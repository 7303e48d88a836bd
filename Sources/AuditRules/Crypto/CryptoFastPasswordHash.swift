import SwiftSyntax
import AuditKit

/// Passwords and PINs hashed with a fast hash (SHA-2), or derived with PBKDF2 at too few
/// iterations: a stolen hash is brute-forced offline.
struct CryptoFastPasswordHash: AuditRule {
    let metadata = RuleMetadata(
        id: "crypto-fast-password-hash",
        title: "Password or PIN hashed with a fast hash or too few PBKDF2 iterations",
        severity: .high,
        category: .crypto,
        masvs: "MASVS-CRYPTO-2",
        cwe: 916,
        rationale:
            "SHA-256 and SHA-512 are designed to be fast: a GPU tries billions of guesses per second, so a stored SHA-2 hash of a password — salted or not — falls to a dictionary attack, and a 4- or 6-digit PIN falls instantly. PBKDF2 only helps with enough iterations: OWASP recommends at least 600,000 for PBKDF2-HMAC-SHA256 (310,000 in earlier guidance); counts below 100,000 are reported, and CryptoSwift's PKCS5.PBKDF2 defaults to 4,096 when iterations are omitted. Counts from CCCalibratePBKDF or from a value computed elsewhere are not reported.",
        fix:
            "Prefer not to store or verify passwords on the device at all: verify on the server, and protect local secrets with the Keychain and biometry (DeviceTrust's Keychain.save with an access control) or a Secure Enclave device key. When a password-derived key is unavoidable, use Argon2id, scrypt, or PBKDF2-HMAC-SHA256 with ≥ 310,000 iterations (or CCCalibratePBKDF for a target time) and a random per-user salt."
    )

    let skipsTestCode = true

    let triggers = ["SHA256", "SHA384", "SHA512", "sha256", "sha512", "sha384", "sha2", "PBKDF", "CC_MD5", "CC_SHA1", "Insecure"]

    /// For Swift: the file derives keys with PBKDF2, holds a helper hashing its parameter
    /// (`func ccSha256(data: Data) -> Data`, judged at its callers), or names a password
    /// or PIN: the check reports only those.
    let preCheck = PreCheck.any([
        .swiftCode(["PBKDF"]),
        .all([.swiftCode(["func"]), .swiftCode(["CC_SHA", "CC_MD5", ".hash(data", "sha256()", "sha512()", "sha384()", "sha224()"])]),
        .swiftIdentifierWhere("a password-like name") { SecretNames.isPasswordLike(String($0)) },
    ])

    private static let fastHashTypes: Set<String> = ["SHA256.hash", "SHA384.hash", "SHA512.hash"]
    private static let commonCryptoHashes: Set<String> = ["CC_SHA256", "CC_SHA384", "CC_SHA512", "CC_SHA224"]
    private static let cryptoSwiftHashes: Set<String> = ["sha256", "sha384", "sha512", "sha224", "sha2", "sha3"]
    /// Hashes crypto-weak-hash reports for their collisions; as the body of a password
    /// helper they are also fast hashes.
    private static let weakCommonCryptoHashes: Set<String> = ["CC_MD5", "CC_SHA1"]
    private static let insecureHashes: Set<String> = ["Insecure.MD5.hash", "Insecure.SHA1.hash"]
    static let minimumIterations = 100_000

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for call in file.index.calls {
            let callee = call.calledExpression.trimmedDescription
            let name = call.calleeName
            var input: ExprSyntax?
            var start: SourceRange = file.range(of: call)
            if Self.fastHashTypes.contains(callee) {
                input = call.argument("data")
            } else if Self.commonCryptoHashes.contains(name) {
                input = call.arguments.first?.expression
            } else if Self.cryptoSwiftHashes.contains(name), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                input = base.trimmedDescription == "Digest" ? call.arguments.first?.expression : base
                start = file.range(of: base)
            } else if name == "CCKeyDerivationPBKDF", call.arguments.count >= 7 {
                let rounds = Array(call.arguments)[6].expression
                if let count = iterationCount(rounds, in: file), count < Self.minimumIterations {
                    matches.append(Match(file.range(of: call), "CCKeyDerivationPBKDF runs \(count) iterations (fewer than \(Self.minimumIterations))"))
                } else {
                    matches += parameterIterations(rounds, pbkdf: call, in: file)
                }
                continue
            } else if callee.hasSuffix("PBKDF2"), call.argument("password") != nil {
                let count = call.argument("iterations").map { iterationCount($0, in: file) } ?? 4096
                if let count, count < Self.minimumIterations {
                    matches.append(Match(file.range(of: call), "PBKDF2 runs \(count) iterations (fewer than \(Self.minimumIterations))"))
                }
                continue
            }
            guard let input, hashesPassword(input, call: call, in: file) else { continue }
            matches.append(Match(start, "\(callee) hashes a password or PIN with a fast hash"))
        }
        matches += propertyHashes(in: file)
        matches += helperHashes(in: file)
        return matches
    }

    /// A digest property of a byte or data type (`ByteArray(utf8String: passcode).sha256`,
    /// `passwordData.sha512`), the extension of a custom type or of a library's: the
    /// property form of `passcode.sha256()`. A type's member (`HashAlgorithm.sha256`) and
    /// an enum case (`.sha256`) are no hash.
    private func propertyHashes(in file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        for member in file.index.memberAccesses where Self.cryptoSwiftHashes.contains(member.declName.baseName.text) {
            guard let base = member.base, member.declName.argumentNames == nil,
                member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != ExprSyntax(member).id,
                BindingValues.unwrap(base).lastName?.first?.isUppercase != true,
                hashesPassword(base, call: member, in: file)
            else { continue }
            matches.append(Match(file.range(of: base), ".\(member.declName.baseName.text) hashes a password or PIN with a fast hash"))
        }
        return matches
    }

    /// `func pbkdf2(password:salt:rounds: Int = 1000)` passing `rounds` to
    /// CCKeyDerivationPBKDF: the count each same-file call passes (`let rounds = 100;
    /// pbkdf2(…, rounds: rounds)`), reported at that call, or the default value, reported
    /// at CCKeyDerivationPBKDF when a call omits it or none is in this file.
    private func parameterIterations(_ rounds: ExprSyntax, pbkdf: FunctionCallExprSyntax, in file: SwiftFile) -> [Match] {
        guard let name = CryptoDataFlow.rootName(of: rounds),
            BindingValues.initializer(of: ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name))), from: pbkdf, in: file) == nil,
            let (parameter, function) = CryptoDataFlow.parameter(named: name, enclosing: pbkdf)
        else { return [] }
        let label = parameter.firstName.text
        var matches: [Match] = []
        var omitted = false
        var callers = 0
        for call in file.index.calls where call.calleeName == function.name.text && call.arguments.count <= function.signature.parameterClause.parameters.count
        {
            guard label != "_" else { continue }
            // A call of this function: its labels are among the parameter labels.
            let labels = Set(function.signature.parameterClause.parameters.map(\.firstName.text))
            guard call.arguments.allSatisfy({ labels.contains($0.label?.text ?? "_") }) else { continue }
            callers += 1
            guard let argument = call.argument(label) else { omitted = true; continue }
            if let count = iterationCount(argument, in: file), count < Self.minimumIterations {
                matches.append(
                    Match(
                        file.range(of: call), "\(function.name.text) runs CCKeyDerivationPBKDF with \(count) iterations (fewer than \(Self.minimumIterations))")
                )
            }
        }
        if omitted || callers == 0, let value = parameter.defaultValue?.value, let count = iterationCount(value, in: file), count < Self.minimumIterations {
            matches.append(
                Match(file.range(of: pbkdf), "CCKeyDerivationPBKDF runs \(count) iterations, the default of \(name) (fewer than \(Self.minimumIterations))"))
        }
        return matches
    }

    /// Same-file helpers that hash a parameter with a fast hash (`func ccSha256(data:
    /// Data) -> Data { … CC_SHA256(bytes, …) }`), reported where a call passes a password
    /// or PIN (`ccSha256(data: pin.data(using: .utf8)!)`).
    private func helperHashes(in file: SwiftFile) -> [Match] {
        var helpers: [String: (labels: [String], index: Int, hash: String)] = [:]
        for call in file.index.calls {
            let name = call.calleeName
            let callee = call.calledExpression.trimmedDescription
            var input: ExprSyntax?
            if Self.fastHashTypes.contains(callee) || Self.insecureHashes.contains(callee) {
                input = call.argument("data")
            } else if Self.commonCryptoHashes.contains(name) || Self.weakCommonCryptoHashes.contains(name) {
                input = call.arguments.first?.expression
            } else if Self.cryptoSwiftHashes.contains(name), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                base.trimmedDescription != "Digest"
            {
                input = base
            }
            guard let input, let root = rootParameter(of: input),
                let (parameter, function) = CryptoDataFlow.parameter(named: root, enclosing: call),
                !hashesPassword(input, call: call, in: file)
            else { continue }
            let parameters = Array(function.signature.parameterClause.parameters)
            guard let position = parameters.firstIndex(where: { $0.id == parameter.id }) else { continue }
            helpers[function.name.text] = (parameters.map(\.firstName.text), position, name)
        }
        guard !helpers.isEmpty else { return [] }
        var matches: [Match] = []
        for call in file.index.calls {
            guard let helper = helpers[call.calleeName], call.arguments.count <= helper.labels.count else { continue }
            let label = helper.labels[helper.index]
            let argument: ExprSyntax?
            if label == "_" {
                let unlabeled = Array(call.arguments)
                argument = helper.index < unlabeled.count && unlabeled[helper.index].label == nil ? unlabeled[helper.index].expression : nil
            } else {
                argument = call.argument(label)
            }
            guard let argument else { continue }
            var named = names(in: argument)
            for reference in argument.descendants(DeclReferenceExprSyntax.self) + (argument.as(DeclReferenceExprSyntax.self).map { [$0] } ?? []) {
                if let value = BindingValues.initializer(of: ExprSyntax(reference), from: call, in: file) { named += names(in: value) }
            }
            guard let secret = named.first(where: SecretNames.isPasswordLike) else { continue }
            matches.append(Match(file.range(of: call), "\(call.calleeName) hashes \(secret) with a fast hash (\(helper.hash))"))
        }
        return matches
    }

    /// The function parameter a hashed expression reads: `data` in `Data(data)`,
    /// `data.bytes`, or `bytes` in `data.withUnsafeBytes { bytes in CC_SHA256(bytes, …) }`.
    private func rootParameter(of input: ExprSyntax) -> String? {
        var references = input.descendants(DeclReferenceExprSyntax.self)
        if let reference = BindingValues.unwrap(input).as(DeclReferenceExprSyntax.self) { references.insert(reference, at: 0) }
        for reference in references {
            if let buffer = CryptoDataFlow.pointerSource(of: reference) {
                if let name = CryptoDataFlow.rootName(of: buffer), CryptoDataFlow.parameter(named: name, enclosing: reference) != nil { return name }
                continue
            }
            let name = reference.baseName.text
            if CryptoDataFlow.parameter(named: name, enclosing: reference) != nil { return name }
        }
        return nil
    }

    /// Whether the hashed expression is a password: it names one, a local it is built
    /// from names one, or the enclosing function hashes or checks a password.
    private func hashesPassword(_ input: ExprSyntax, call: some SyntaxProtocol, in file: SwiftFile) -> Bool {
        if names(in: input).contains(where: SecretNames.isPasswordLike) { return true }
        for reference in input.descendants(DeclReferenceExprSyntax.self) + (input.as(DeclReferenceExprSyntax.self).map { [$0] } ?? []) {
            if let value = BindingValues.initializer(of: ExprSyntax(reference), from: call, in: file),
                names(in: value).contains(where: SecretNames.isPasswordLike)
            {
                return true
            }
        }
        for function in CryptoContext.enclosingNames(of: call) {
            let words = Set(SecretNames.splitWords(function))
            let purpose: Set<String> = ["hash", "hashed", "digest", "store", "save", "verify", "check", "validate", "matches", "encode", "secure"]
            if SecretNames.isPasswordLike(function) && !words.isDisjoint(with: purpose) { return true }
        }
        return false
    }

    private func names(in expression: ExprSyntax) -> [String] {
        var result = expression.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
        if let reference = expression.as(DeclReferenceExprSyntax.self) { result.append(reference.baseName.text) }
        result += expression.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
        return result
    }

    /// An iteration count written as a literal, `UInt32(…)` of one, or a constant
    /// initialised from one; nil when computed.
    private func iterationCount(_ expression: ExprSyntax, in file: SwiftFile, depth: Int = 0) -> Int? {
        guard depth <= 3 else { return nil }
        let bare = BindingValues.unwrap(expression)
        if let literal = bare.as(IntegerLiteralExprSyntax.self) { return CryptoLiterals.integerValue(literal.literal.text) }
        if let call = bare.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first, only.label == nil {
            return iterationCount(only.expression, in: file, depth: depth + 1)
        }
        if bare.is(DeclReferenceExprSyntax.self) || bare.is(MemberAccessExprSyntax.self),
            let value = BindingValues.initializer(of: bare, from: bare, in: file)
        {
            return iterationCount(value, in: file, depth: depth + 1)
        }
        return nil
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if Self.commonCryptoHashes.contains(token.text), index + 1 < tokens.count, tokens[index + 1].text == "(" {
                let context = CryptoContext.objectiveCContext(at: index, in: file)
                if (context.statement + context.signature).contains(where: SecretNames.isPasswordLike) {
                    matches.append(Match(file.range(of: token), "\(token.text) hashes a password or PIN with a fast hash"))
                }
            } else if token.text == "CCKeyDerivationPBKDF", let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count >= 7 {
                let rounds = tokens[arguments[6]].filter { $0.kind == .number || $0.kind == .identifier }
                var count: Int?
                if let last = rounds.last, last.kind == .number {
                    count = Int(last.text.filter(\.isNumber))
                } else if rounds.count == 1, let literal = ObjectiveCCalls.literal(of: rounds[0].text, in: tokens) {
                    count = Int(literal.text)
                } else if rounds.count == 1 {
                    count = definedNumber(rounds[0].text, in: tokens)
                }
                if let count, count < Self.minimumIterations {
                    matches.append(Match(file.range(of: token), "CCKeyDerivationPBKDF runs \(count) iterations (fewer than \(Self.minimumIterations))"))
                }
            }
        }
        return matches
    }

    /// `#define NAME 10000` or `NAME = 10000;`.
    private func definedNumber(_ name: String, in tokens: [ObjectiveCToken]) -> Int? {
        for index in tokens.indices where tokens[index].text == name && index + 1 < tokens.count {
            let next = tokens[index + 1]
            if next.kind == .number, next.inDirective, index >= 1, tokens[index - 1].text == "define" { return Int(next.text.filter(\.isNumber)) }
            if next.text == "=", index + 2 < tokens.count, tokens[index + 2].kind == .number { return Int(tokens[index + 2].text.filter(\.isNumber)) }
        }
        return nil
    }
}
