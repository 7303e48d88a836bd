import SwiftSyntax
import AuditKit

/// The words around a crypto call — the enclosing function, the variable it is assigned
/// to, the call's own text — that tell what it is used for. Shared by the crypto rules.
enum CryptoContext {
    /// Words that mark a security purpose.
    static let securityWords: Set<String> = [
        "sign", "signs", "signed", "signature", "verify", "verification", "verifies", "integrity", "tamper", "auth",
        "authenticate", "authentication", "login", "logon", "mac", "hmac", "license", "receipt", "challenge",
        "credential", "credentials", "encrypt", "decrypt", "encryption", "cipher", "nonce",
    ]
    /// Words that mark a non-security use (cache keys, file names, de-duplication).
    static let benignWords: Set<String> = [
        "cache", "cached", "caching", "etag", "checksum", "filename", "file", "gravatar", "email", "url", "urls", "path",
        "image", "images", "thumbnail", "dedup", "dedupe", "duplicate", "avatar", "asset", "resource", "analytics",
        "bucket", "shard", "color", "colour", "placeholder", "identicon", "download", "downloads", "disk", "memory",
    ]

    /// The identifiers in `text`, split into lower-case words.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).flatMap { SecretNames.splitWords(String($0)) }
    }

    /// The names of `node`'s enclosing function and of the variable or property it
    /// initialises or belongs to.
    static func enclosingNames(of node: some SyntaxProtocol) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let step = current {
            if let binding = step.as(PatternBindingSyntax.self), let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                names.append(name)
            } else if let function = step.as(FunctionDeclSyntax.self) {
                names.append(function.name.text)
                break
            } else if let initializer = step.as(InitializerDeclSyntax.self) {
                names.append(initializer.initKeyword.text)
                break
            }
            current = step.parent
        }
        return names
    }

    /// The tokens around an Objective-C call: its statement and the enclosing method's
    /// signature (`- (NSString *)hashPassword:(NSString *)password`).
    static func objectiveCContext(at index: Int, in file: ObjectiveCFile) -> (statement: [String], signature: [String]) {
        let tokens = file.tokens
        var start = index
        while start > 0 && ![";", "{", "}"].contains(tokens[start - 1].text) { start -= 1 }
        var end = index
        while end < tokens.count && tokens[end].text != ";" { end += 1 }
        var signature: [String] = []
        if let body = file.bodyRange(containing: index), body.lowerBound > 0 {
            var signatureStart = body.lowerBound
            while signatureStart > 0 && ![";", "}"].contains(tokens[signatureStart - 1].text) { signatureStart -= 1 }
            signature = tokens[signatureStart..<body.lowerBound].filter { $0.kind == .identifier }.map(\.text)
        }
        return (tokens[start..<end].filter { $0.kind == .identifier || $0.kind == .string }.map(\.text), signature)
    }
}
