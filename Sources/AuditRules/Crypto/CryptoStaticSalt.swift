import SwiftSyntax
import AuditKit

/// A password-based key derivation or password hash (PBKDF2, scrypt, Argon2, bcrypt) given
/// a salt written in the source: `pbkdf2(password:, salt: "0123456789".data(using: .utf8)!)`,
/// `let salt = Data([0x65, 0x62, …])`, `CCKeyDerivationPBKDF(…, kSalt, …)`. Reported at the
/// salt's literal, once however many derivations use it. HKDF is not a password
/// derivation: a fixed HKDF salt is allowed by its design (RFC 5869) and not reported.
struct CryptoStaticSalt: AuditRule {
    let metadata = RuleMetadata(
        id: "crypto-static-salt",
        title: "Constant salt for a password-derived key or hash",
        severity: .medium,
        category: .crypto,
        masvs: "MASVS-CRYPTO-1",
        cwe: 760,
        rationale:
            "A salt exists to make every derivation different, so that one precomputed table or one GPU run cannot attack every user, every device and every install at once. A salt written in the source is the same for all of them and ships in the binary: an attacker precomputes keys for common passwords and PINs once, with that salt, and unlocks every copy of the data.",
        fix:
            "Generate a random salt of at least 16 bytes per user or per secret (SecRandomCopyBytes), store it next to the derived value (it is not secret), and derive with Argon2id, scrypt, or PBKDF2-HMAC-SHA256 at ≥ 310,000 iterations. Better still, keep the secret itself in the Keychain behind biometry (DeviceTrust's Keychain.save with an access control) instead of deriving it from a PIN."
    )

    let skipsTestCode = true

    let triggers = ["salt", "Salt", "SALT"]

    /// For Swift: the file calls a password-based derivation.
    let preCheck = PreCheck.swiftCodeIgnoringCase(["pbkdf", "scrypt", "argon", "bcrypt"])

    /// Whether a callee is a password-based key derivation or password hash.
    static func isPasswordDerivation(_ callee: String) -> Bool {
        let name = callee.lowercased()
        return ["pbkdf", "scrypt", "argon", "bcrypt"].contains { name.contains($0) } && !name.contains("hkdf")
    }

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        var reported: Set<SyntaxIdentifier> = []
        for call in file.index.calls where Self.isPasswordDerivation(call.calleeText) {
            let salt =
                call.argument("salt") ?? (call.calleeName == "CCKeyDerivationPBKDF" && call.arguments.count > 3 ? Array(call.arguments)[3].expression : nil)
            guard let salt, let constant = CryptoLiterals.constant(salt, in: file) else { continue }
            let node = constant.literal ?? Syntax(salt)
            guard reported.insert(node.id).inserted else { continue }
            let what = constant.name.map { "the salt \($0)" } ?? "the salt"
            matches.append(Match(file.range(of: node), "\(what) of \(call.calleeName)(…) is a constant written in the source"))
        }
        return matches
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == "CCKeyDerivationPBKDF" {
            guard let arguments = ObjectiveCCalls.arguments(ofCallAt: index, in: tokens), arguments.count > 3 else { continue }
            let salt = arguments[3]
            let literal = tokens[salt].first { $0.kind == .string }
            let named = tokens[salt].first { $0.kind == .identifier && ObjectiveCCalls.literal(of: $0.text, in: tokens) != nil }
            guard literal != nil || named != nil else { continue }
            let what = named.map { "the salt \($0.text)" } ?? "the salt"
            matches.append(Match(file.range(of: token), "\(what) of CCKeyDerivationPBKDF is a constant written in the source"))
        }
        return matches
    }
}
