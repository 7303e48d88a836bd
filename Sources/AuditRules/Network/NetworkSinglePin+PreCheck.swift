import AuditKit

extension NetworkSinglePin {
    /// For Swift: whether the file uses TrustKit or Alamofire pinning, compares a bundled
    /// certificate with the server's, or binds a long literal (or a one-element array of
    /// one) to a pin-named name (judged on the tokens, without parsing): the only forms
    /// ``check(_:project:)`` reports in Swift.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard case .swift(let swift) = file else { return true }
        let identifiers = swift.lexical.identifiers
        if ["kTSKPublicKeyHashes", "PublicKeysTrustEvaluator", "PinnedCertificatesTrustEvaluator"].contains(where: { identifiers.contains(Substring($0)) }) {
            return true
        }
        // A certificate resource compared with the server's certificate or key data.
        if ["SecCertificateCopyData", "SecKeyCopyExternalRepresentation", "SecCertificateCopyKey"].contains(where: { identifiers.contains(Substring($0)) }),
           swift.lexical.literals.contains(where: { Self.certificateExtensions.contains($0.lowercased()) }) {
            return true
        }
        guard swift.lexical.literals.contains(where: { $0.utf8.count >= 20 }),
              identifiers.contains(where: { NetworkTrustBypass.isPinName(String($0)) }) else { return false }
        return Self.bindsLongLiteralToPinName(swift)
    }

    /// Whether a pin-named name is bound to a literal of 20 bytes or more, or to `[`, one
    /// such literal and `]`: `let pinnedKeyHash = "…"`, `let pins: Set<String> = ["…"]`.
    private static func bindsLongLiteralToPinName(_ file: SwiftFile) -> Bool {
        let tokens = file.tokens.tokens
        func isLongLiteral(_ index: Int?) -> Bool {
            guard let index else { return false }
            return tokens[index].kind == .literal && tokens[index].end - tokens[index].start >= 20
        }
        return file.containsLexicalBinding(named: NetworkTrustBypass.isPinName) { binding in
            guard let value = binding.value else { return false }
            if isLongLiteral(value) { return true }
            guard tokens[value].kind == .punctuation, tokens[value].byte == UInt8(ascii: "["),
                  let element = file.tokenAfterNewlines(value), isLongLiteral(element),
                  let close = file.tokenAfterNewlines(element) else { return false }
            return tokens[close].kind == .punctuation && tokens[close].byte == UInt8(ascii: "]")
        }
    }
}
