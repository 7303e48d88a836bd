extension NetworkSinglePin {
    /// For Swift: whether the file uses TrustKit or Alamofire pinning, or binds a long
    /// literal to a pin-named name (judged on the lexical scan, without parsing), the only
    /// forms ``check(_:project:)`` reports in Swift.
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
        guard swift.lexical.literals.contains(where: { $0.utf8.count >= 20 }) else { return false }
        return identifiers.contains { NetworkTrustBypass.isPinName(String($0)) }
    }
}
