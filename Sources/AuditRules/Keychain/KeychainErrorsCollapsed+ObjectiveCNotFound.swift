import AuditKit

/// Objective-C: a keychain read that names errSecItemNotFound and returns nil for it, but
/// has no channel for the other failures — no `NSError **` written, no status returned or
/// thrown, the status only logged — and returns the result pointer, NULL after any failed
/// read: errSecInteractionNotAllowed on a locked device ends in the same nil as "no item".
///
///     if ((status = SecItemCopyMatching(query, (CFTypeRef *)&outData)) == errSecItemNotFound) { return nil; }
///     NSLog(@"status=%d", status);
///     return (NSData *)CFBridgingRelease(outData);
extension KeychainErrorsCollapsed {
    private static let comparedConstants: Set<String> = ["errSecItemNotFound", "25300", "errSecSuccess", "noErr", "0"]
    private static let absentValues: Set<String> = ["nil", "NO", "NULL", "false"]

    /// Whether the read at `index` (SecItemCopyMatching, its arguments closing at `close`)
    /// in `body` returns nil both for errSecItemNotFound and for every other failure.
    func notFoundLikeEveryFailure(at index: Int, close: Int, body: Range<Int>, in tokens: [ObjectiveCToken]) -> Bool {
        // The result pointer: `&outData` among the arguments.
        guard let ampersand = (index..<close).first(where: { tokens[$0].text == "&" && $0 + 1 < close && tokens[$0 + 1].kind == .identifier }) else {
            return false
        }
        let result = tokens[ampersand + 1].text
        // Another channel for the failure: an error or status written through a pointer, an
        // NSError built, an exception, an assertion.
        for position in body {
            let token = tokens[position]
            if token.kind == .identifier, ["throw", "NSError", "errorWithDomain", "raise", "NSAssert", "abort"].contains(token.text) { return false }
            if token.text == "*", position + 2 < body.upperBound, tokens[position + 1].kind == .identifier, tokens[position + 2].text == "=",
                position > body.lowerBound, [";", "{", "}", ")"].contains(tokens[position - 1].text)
            {
                return false
            }
        }
        // The status: compared with not-found or success, logged, or declared; nothing else.
        if index >= 2, tokens[index - 1].text == "=", tokens[index - 2].kind == .identifier {
            let status = tokens[index - 2].text
            for position in body where tokens[position].kind == .identifier && tokens[position].text == status && position != index - 2 {
                if position > body.lowerBound, tokens[position - 1].text == "OSStatus" { continue }
                if isComparedWithConstant(position, in: tokens) || isInsideLogging(position, in: tokens, body: body) { continue }
                return false
            }
        }
        // Every return gives nil/NO or the result pointer (NULL after a failure), one of them nil.
        var returnsAbsent = false
        var returnsResult = false
        for position in body where tokens[position].text == "return" {
            guard let end = (position..<body.upperBound).first(where: { tokens[$0].text == ";" }) else { return false }
            let value = tokens[(position + 1)..<end].filter { $0.text != "(" && $0.text != ")" }
            if value.count == 1, let only = value.first, Self.absentValues.contains(only.text) {
                returnsAbsent = true
            } else if value.contains(where: { $0.kind == .identifier && $0.text == result }) {
                returnsResult = true
            } else {
                return false
            }
        }
        return returnsAbsent && returnsResult
    }

    /// `status == errSecItemNotFound`, `(status = …) != noErr` is not this: the name itself
    /// is an operand of `==` / `!=` with a status constant.
    private func isComparedWithConstant(_ position: Int, in tokens: [ObjectiveCToken]) -> Bool {
        guard ObjectiveCExpressions.isCompared(position, in: tokens) else { return false }
        let after = position + 3 < tokens.count ? tokens[position + 3].text : ""
        let before = position >= 3 ? tokens[position - 3].text : ""
        return Self.comparedConstants.contains(after) || Self.comparedConstants.contains(before)
    }
}
