import AuditKit

extension NetworkSinglePin {
    var preCheck: PreCheck { Self.declaredPreCheck }

    /// For Swift: the file uses TrustKit or Alamofire pinning, compares a bundled
    /// certificate with the server's, or binds a long literal (or a one-element array of
    /// one) to a pin-named name: the only forms the check reports in Swift.
    static let declaredPreCheck = PreCheck.any([
        .swiftIdentifier(["kTSKPublicKeyHashes", "PublicKeysTrustEvaluator", "PinnedCertificatesTrustEvaluator"]),
        // A certificate resource compared with the server's certificate or key data.
        .all([
            .swiftIdentifier(["SecCertificateCopyData", "SecKeyCopyExternalRepresentation", "SecCertificateCopyKey"]),
            .swiftLiteralWhere("a certificate file extension") { NetworkSinglePin.certificateExtensions.contains($0.lowercased()) },
        ]),
        .all([
            .swiftLiteralWhere("20 bytes or longer") { $0.utf8.count >= 20 },
            .swiftIdentifierWhere("a pin name") { NetworkTrustBypass.isPinName(String($0)) },
            .swiftCustom("a pin name bound to a long literal", NetworkSinglePin.bindsLongLiteralToPinName),
        ]),
    ])

    /// Whether a pin-named name is bound to a literal of 20 bytes or more, or to `[`, one
    /// such literal and `]`: `let pinnedKeyHash = "…"`, `let pins: Set<String> = ["…"]`.
    static func bindsLongLiteralToPinName(_ file: SwiftFile) -> Bool {
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
                let close = file.tokenAfterNewlines(element)
            else { return false }
            return tokens[close].kind == .punctuation && tokens[close].byte == UInt8(ascii: "]")
        }
    }
}
