import SwiftSyntax
import AuditKit

/// The APIs besides ciphers that take key material crypto-hardcoded-key checks for
/// literals: HMAC (`CCHmac`, `CCHmacInit`), `SecKeyCreateWithData` for a private or
/// symmetric key, and CryptoKit's private keys from their raw, DER, PEM or X9.63 bytes.
enum CryptoKeySinks {
    /// The position of the key argument of the CommonCrypto HMAC calls.
    static let hmacKeyPosition: [String: Int] = ["CCHmac": 1, "CCHmacInit": 2]

    /// The `kSecAttrKeyClass` values whose key is a secret.
    static let secretKeyClasses: Set<String> = ["kSecAttrKeyClassPrivate", "kSecAttrKeyClassSymmetric"]

    private static let curves: Set<String> = ["P256", "P384", "P521", "Curve25519"]
    private static let representations = ["rawRepresentation", "derRepresentation", "pemRepresentation", "x963Representation"]

    /// The label of the key bytes of `P256.Signing.PrivateKey(rawRepresentation: …)` (any
    /// curve, signing or key agreement, `.init` or not); nil for other calls.
    static func privateKeyRepresentation(of call: FunctionCallExprSyntax, callee: String) -> String? {
        let type = callee.hasSuffix(".init") ? String(callee.dropLast(5)) : callee
        guard type.hasSuffix(".PrivateKey"), let curve = type.split(separator: ".").first, curves.contains(String(curve)) else { return nil }
        return representations.first { call.argument($0) != nil }
    }

    /// Whether `SecKeyCreateWithData(data, attributes, …)` makes a secret key: its
    /// attributes (resolved in this file) set a private or symmetric `kSecAttrKeyClass`,
    /// or its literal is a PEM private key. A public key is no secret (a pinned server key).
    static func createsSecretKey(_ call: FunctionCallExprSyntax, data: CryptoLiterals.Constant?, in file: SwiftFile) -> Bool {
        if let text = data?.text, text.contains("PRIVATE KEY") { return true }
        let arguments = Array(call.arguments)
        guard arguments.count > 1, let attributes = KeychainQuery.resolve(arguments[1].expression, in: file),
            let keyClass = attributes.value(for: "kSecAttrKeyClass").flatMap(KeychainQuery.constantName)
        else { return false }
        return secretKeyClasses.contains(keyClass)
    }

    /// Whether the Objective-C name is initialised from a string literal turned into bytes:
    /// `NSData *keyData = [[NSData alloc] initWithBase64EncodedString:@"…" options:0];`,
    /// `[@"…" dataUsingEncoding:NSUTF8StringEncoding]`.
    static func isDataFromLiteral(_ name: String, in tokens: [ObjectiveCToken]) -> Bool {
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == name && index + 2 < tokens.count {
            guard tokens[index + 1].text == "=", tokens[index + 2].text == "[" else { continue }
            let statement = tokens[(index + 2)...].prefix { $0.text != ";" }
            let strings = statement.filter { $0.kind == .string }
            let converts = statement.contains { ["initWithBase64EncodedString", "dataUsingEncoding", "dataFromHexString"].contains($0.text) }
            if strings.count == 1, converts { return true }
        }
        return false
    }
}
