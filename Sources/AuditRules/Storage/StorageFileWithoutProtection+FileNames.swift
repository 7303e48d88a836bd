import SwiftSyntax
import AuditKit

extension StorageFileWithoutProtection {
    /// Extensions of files that hold private keys.
    private static let keyFileExtensions: Set<String> = ["key", "p12", "pfx"]

    /// The file name of a write's destination when it names a secret (`"token.txt"`,
    /// `"credentials.json"`, `"private.key"`), whatever the written value is called: the
    /// literal in `to:`, `toFile:` or `atPath:`, or in the initializer of the local that
    /// argument names (`let url = folder.appendingPathComponent("session_token")`).
    func sensitiveFileName(of write: FileWrite) -> String? {
        guard let destination = write.call.argument("to") ?? write.call.argument("toFile") ?? write.call.argument("atPath") else { return nil }
        let expressions = [destination, FileWrite.origin(of: destination)]
        for expression in expressions {
            let segments = (expression.as(StringLiteralExprSyntax.self).map { [$0] } ?? []) + expression.descendants(StringLiteralExprSyntax.self)
            for literal in segments {
                if let text = literal.literalValue, let name = Self.sensitiveFileName(text) { return name }
            }
        }
        return nil
    }

    /// The last path component of `path` when it names a secret: its stem is a secret name
    /// (`auth_token.json`, `credentials`) or its extension is a private key's (`.key`, `.p12`).
    static func sensitiveFileName(_ path: some StringProtocol) -> String? {
        guard let name = String(path).split(separator: "/").last.map(String.init), !name.isEmpty, name.count <= 64 else { return nil }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let stem = parts.count > 1 ? parts.dropLast().joined(separator: "_") : name
        let fileExtension = parts.count > 1 ? parts.last.map { $0.lowercased() } : nil
        return SensitiveValues.isSecretName(stem) || fileExtension.map(keyFileExtensions.contains) == true ? name : nil
    }
}
