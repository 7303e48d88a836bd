import SwiftSyntax
import AuditKit

/// MD5 and SHA-1 used for passwords, tokens, signatures or integrity checks.
struct CryptoWeakHash: AuditRule {
    let metadata = RuleMetadata(
        id: "crypto-weak-hash",
        title: "MD5 or SHA-1 used for a security purpose",
        severity: .medium,
        category: .crypto,
        masvs: "MASVS-CRYPTO-1",
        cwe: 328,
        rationale:
            "MD5 and SHA-1 collisions are practical (chosen-prefix collisions for both), so an integrity check or signature over them can be forged, and as password or token hashes they are fast and widely precomputed. A use is reported unless its context is clearly not about security — a cache key, an ETag, a file name, a Gravatar hash, a download checksum (words such as cacheKey, etag, fileChecksum, url in the surrounding names) — and a generic md5/sha1 helper is judged at its call sites. HMAC-SHA1 is not reported (it remains a secure PRF and RFC 4226/6238 one-time passwords require it), except as the PRF of PBKDF2 (kCCPRFHmacAlgSHA1), where its cheap 20-byte blocks make each guess of a password or PIN faster; HMAC-MD5 is.",
        fix:
            "Use SHA-256 or better (CryptoKit's SHA256/SHA512) for integrity, HMAC<SHA256> for message authentication, P-256 signatures (DeviceTrust device keys) for proof of origin, and a slow KDF (PBKDF2 with ≥ 310,000 iterations, scrypt, Argon2) for passwords. If MD5 is genuinely a non-security cache key, name it so (cacheKey) or keep it in Insecure.MD5 with a suppression comment explaining why."
    )

    let skipsTestCode = true

    let triggers = ["MD5", "SHA1", "md5", "sha1", "Md5", "Sha1"]

    private static let commonCrypto: Set<String> = ["CC_MD5", "CC_SHA1", "CC_MD5_Init", "CC_SHA1_Init"]
    private static let helperNames: Set<String> = [
        "md5", "sha1", "md5String", "sha1String", "md5Hash", "sha1Hash", "MD5", "SHA1", "MD5String", "SHA1String", "MD5Hash", "SHA1Hash", "md5Hex", "sha1Hex",
        "md5Digest", "sha1Digest",
    ]

    /// Report, stay silent for a benign context, or stay silent inside a generic helper.
    private enum Verdict { case report, benign, helper, unknown }

    private func verdict(context: [String], enclosing: [String]) -> Verdict {
        let words = Set((context + enclosing).flatMap(CryptoContext.words))
        if words.contains(where: CryptoContext.securityWords.contains) || (context + enclosing).contains(where: SecretNames.isSecretValue) { return .report }
        if words.contains(where: CryptoContext.benignWords.contains) { return .benign }
        if enclosing.contains(where: {
            let lower = $0.lowercased(); return lower.contains("md5") || lower.contains("sha1") || lower == "hash" || lower.hasSuffix("digest")
        }) {
            return .helper
        }
        return .unknown
    }

    /// PBKDF2 keyed with HMAC-SHA1: not broken as a PRF, but 20-byte blocks make each
    /// iteration cheap on GPUs, and OWASP's iteration counts assume SHA-256 or SHA-512.
    static let pbkdf2SHA1Message = "PBKDF2 derives the key with HMAC-SHA1 (kCCPRFHmacAlgSHA1): use kCCPRFHmacAlgSHA256 or SHA512"

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        var matches: [Match] = []
        for member in file.index.memberAccesses {
            let name = member.declName.baseName.text
            guard name == "MD5" || name == "SHA1", member.base?.trimmedDescription == "Insecure" else { continue }
            let call = member.parent?.as(MemberAccessExprSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)
            let context = call.map { $0.arguments.map(\.expression.trimmedDescription) } ?? []
            let result = verdict(context: context, enclosing: CryptoContext.enclosingNames(of: member))
            if result == .report || result == .unknown {
                matches.append(Match(file.range(of: member), "Insecure.\(name) is used where a collision-resistant hash is needed"))
            }
        }
        for call in file.index.calls {
            let name = call.calleeName
            let enclosing = CryptoContext.enclosingNames(of: call)
            if Self.commonCrypto.contains(name) {
                let result = verdict(context: call.arguments.map(\.expression.trimmedDescription), enclosing: enclosing)
                if result == .report || result == .unknown {
                    matches.append(Match(file.range(of: call), "\(name) computes a broken hash for a security purpose"))
                }
            } else if name == "CCKeyDerivationPBKDF", let prf = call.arguments.first(where: { $0.expression.trimmedDescription.contains("kCCPRFHmacAlgSHA1") })
            {
                matches.append(Match(file.range(of: prf.expression), Self.pbkdf2SHA1Message))
            } else if name == "CCHmac" || name == "CCHmacInit", call.arguments.first?.expression.trimmedDescription.contains("kCCHmacAlgMD5") == true {
                matches.append(Match(file.range(of: call), "\(name) uses HMAC-MD5"))
            } else if name == "HMAC", let variant = call.argument("variant"), variant.trimmedDescription.hasSuffix("md5") {
                matches.append(Match(file.range(of: call), "HMAC with the MD5 variant"))
            } else if ["md5", "sha1"].contains(name.lowercased()) || Self.helperNames.contains(name) {
                // CryptoSwift `data.md5()`, `Digest.md5(bytes)`, or a project helper.
                let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
                let context = [base].compactMap { $0 } + call.arguments.map(\.expression.trimmedDescription)
                let result = verdict(context: context, enclosing: enclosing)
                if result == .report || (result == .unknown && !context.isEmpty && base != "self") {
                    let start = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { file.range(of: $0) } ?? file.range(of: call)
                    matches.append(Match(start, "\(name) hashes \(context.first ?? "a value") with a broken hash for a security purpose"))
                }
            }
        }
        return matches
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if Self.commonCrypto.contains(token.text), index + 1 < tokens.count, tokens[index + 1].text == "(" {
                let context = CryptoContext.objectiveCContext(at: index, in: file)
                let result = verdict(context: context.statement, enclosing: context.signature)
                if result == .report || result == .unknown {
                    matches.append(Match(file.range(of: token), "\(token.text) computes a broken hash for a security purpose"))
                }
            } else if token.text == "kCCHmacAlgMD5" {
                matches.append(Match(file.range(of: token), "HMAC-MD5 is used"))
            } else if token.text == "kCCPRFHmacAlgSHA1", index == 0 || tokens[index - 1].text != "case" {
                // A `case kCCPRFHmacAlgSHA1:` of a switch over PRFs maps it; it derives nothing.
                matches.append(Match(file.range(of: token), Self.pbkdf2SHA1Message))
            } else if Self.helperNames.contains(token.text), index >= 1, tokens[index - 1].kind == .identifier,
                index + 1 < tokens.count, tokens[index + 1].text == "]"
            {
                // `[password MD5String]`, `[self.passwordField.text md5]`.
                var receiverStart = index - 1
                while receiverStart > 0 && tokens[receiverStart - 1].text != "[" { receiverStart -= 1 }
                let receiver = tokens[receiverStart..<index].filter { $0.kind == .identifier }.map(\.text)
                let named = receiver.last == "text" && receiver.count >= 2 ? receiver[receiver.count - 2] : receiver.last ?? ""
                if SecretNames.isSecretValue(named) || named.lowercased().hasPrefix("password") {
                    matches.append(Match(file.range(of: token), "\(token.text) hashes \(named) with a broken hash"))
                }
            }
        }
        return matches
    }
}
