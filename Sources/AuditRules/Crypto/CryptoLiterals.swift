import SwiftSyntax
import AuditKit

/// Whether a key, IV or nonce expression is a constant written in the source: a string
/// or byte-array literal, `Data(…)`/`Array(…)` of one, `"…".data(using:)`, or a `let`
/// initialised from one (followed up to three names deep). Shared by the crypto rules.
enum CryptoLiterals {
    /// A constant key or IV.
    struct Constant {
        /// All zero bytes: `Data(count: 16)`, `[UInt8](repeating: 0, count: 16)`, `[0, 0, …]`.
        let isZero: Bool
        /// The first name the expression was followed through (`key` in `CCCrypt(…, key, …)`).
        let name: String?
        /// The string literal's value, when the constant is one.
        var text: String? = nil
        /// The parameter whose default value it is (`ivData` in `ivData: Data = "…"`).
        var parameter: String? = nil
        /// The string or array literal the constant was written as.
        var literal: Syntax? = nil
    }

    private static let byteContainers: Set<String> = [
        "Data", "NSData", "Array", "[UInt8]", "Array<UInt8>", "[Int8]", "ContiguousArray", "SymmetricKey", "Bytes", "String",
    ]
    /// The first names of ``byteContainers`` (`Array` for `Array<UInt8>`; `[UInt8]` has
    /// none): what a lexical pre-check can see of a container call.
    static let byteContainerNames: Set<String> = Set(
        byteContainers.compactMap { container in
            container.first?.isLetter == true ? String(container.prefix { $0.isLetter }) : nil
        })
    private static let conversions: Set<String> = ["utf8", "bytes", "utf8CString", "utf16", "data", "baseAddress"]

    /// The constant `expression` is, or nil when it is computed (random bytes, a
    /// parameter, a Keychain read) or cannot be resolved in this file.
    static func constant(_ expression: ExprSyntax, in file: SwiftFile, depth: Int = 0, name: String? = nil) -> Constant? {
        guard depth <= 3 else { return nil }
        let bare = BindingValues.unwrap(expression)
        if let string = bare.as(StringLiteralExprSyntax.self) {
            guard let value = string.literalValue, !value.isEmpty else { return nil }
            return Constant(isZero: false, name: name, text: value, literal: Syntax(string))
        }
        if let array = bare.as(ArrayExprSyntax.self) {
            let values = array.elements.map { $0.expression.as(IntegerLiteralExprSyntax.self).flatMap { integerValue($0.literal.text) } }
            guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
            return Constant(isZero: values.allSatisfy { $0 == 0 }, name: name, literal: Syntax(array))
        }
        if let member = bare.as(MemberAccessExprSyntax.self) {
            let component = member.declName.baseName.text
            if conversions.contains(component), let base = member.base { return constant(base, in: file, depth: depth, name: name) }
            guard member.base != nil, let value = BindingValues.initializer(of: bare, from: bare, in: file) else { return nil }
            return constant(value, in: file, depth: depth + 1, name: name ?? component)
        }
        if let reference = bare.as(DeclReferenceExprSyntax.self) {
            let bound = reference.baseName.text
            // `iv.withUnsafeBytes { ivBytes in CCCrypt(…, ivBytes, …) }`: the buffer `iv`.
            if let buffer = CryptoDataFlow.pointerSource(of: reference) { return constant(buffer, in: file, depth: depth + 1, name: name) }
            // A parameter hides a property or global of the same name: then only a local counts.
            let parameter = CryptoDataFlow.parameter(named: bound, enclosing: bare)
            if let value = BindingValues.initializer(of: bare, from: bare, in: file, localOnly: parameter != nil)
                ?? CryptoDataFlow.enclosingLocal(named: bound, from: bare, in: file)
            {
                guard let found = constant(value, in: file, depth: depth + 1, name: name ?? bound) else { return nil }
                // A zero-filled buffer that random bytes or a derived key are written into.
                if found.isZero, CryptoDataFlow.isWritten(bound, before: bare, in: file) { return nil }
                return found
            }
            // `func aes(keyData: Data, ivData: Data = "abcdefghijklmnop".data(using: .utf8)!)`
            if let (parameter, _) = parameter, let value = parameter.defaultValue?.value,
                var found = constant(value, in: file, depth: depth + 1, name: name ?? bound)
            {
                found.parameter = bound
                return found
            }
            return nil
        }
        if let call = bare.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.trimmedDescription
            // `"…".data(using: .utf8)`, `key.data(using: .utf8)!`
            if call.calleeName == "data" || call.calleeName == "cString", let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                return constant(base, in: file, depth: depth, name: name)
            }
            guard byteContainers.contains(callee) else { return nil }
            if let repeating = call.argument("repeating") {
                let zero = repeating.as(IntegerLiteralExprSyntax.self).flatMap { integerValue($0.literal.text) } == 0
                return Constant(isZero: zero, name: name)
            }
            if call.arguments.count == 1, call.argument("count") != nil { return Constant(isZero: true, name: name) }
            for label in [nil, "data", "base64Encoded", "hex", "hexString", "bytes"] as [String?] {
                if let argument = call.argument(label) { return constant(argument, in: file, depth: depth, name: name) }
            }
        }
        return nil
    }

    static func integerValue(_ text: String) -> Int? {
        let clean = text.replacingOccurrences(of: "_", with: "")
        if clean.hasPrefix("0x") { return Int(clean.dropFirst(2), radix: 16) }
        if clean.hasPrefix("0b") { return Int(clean.dropFirst(2), radix: 2) }
        if clean.hasPrefix("0o") { return Int(clean.dropFirst(2), radix: 8) }
        return Int(clean)
    }

    /// The CommonCrypto calls and the argument positions of their algorithm, options or
    /// mode, key and IV.
    struct CommonCryptoCall {
        let algorithm: Int
        let options: Int?
        let mode: Int?
        let key: Int
        let iv: Int
    }

    static let commonCrypto: [String: CommonCryptoCall] = [
        "CCCrypt": CommonCryptoCall(algorithm: 1, options: 2, mode: nil, key: 3, iv: 5),
        "CCCryptorCreate": CommonCryptoCall(algorithm: 1, options: 2, mode: nil, key: 3, iv: 5),
        "CCCryptorCreateWithMode": CommonCryptoCall(algorithm: 2, options: nil, mode: 1, key: 5, iv: 4),
    ]
}
