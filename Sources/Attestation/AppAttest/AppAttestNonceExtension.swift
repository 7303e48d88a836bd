import ASN1DER

/// The credential certificate's extension 1.2.840.113635.100.8.2, which carries the
/// attestation nonce: `SEQUENCE { [1] EXPLICIT OCTET STRING (SIZE(32)) }`.
///
/// Parsed as DER with ``DERReader`` (never sliced at a fixed offset): any other shape,
/// a non-minimal length or a trailing byte is refused.
enum AppAttestNonceExtension {
    /// The extension's OID.
    static let oid = "1.2.840.113635.100.8.2"

    /// The 32-byte nonce inside the extension value `der`.
    static func nonce(in der: [UInt8]) throws(AttestationError) -> [UInt8] {
        let nonce: ArraySlice<UInt8>
        do {
            var reader = try DERReader(der)
            nonce = try reader.readConstructed(.sequence) { (sequence) throws(DERError) in
                try sequence.readConstructed(.context(1)) { (explicit) throws(DERError) in
                    try explicit.readOctetString()
                }
            }
            try reader.finish("the nonce extension")
        } catch {
            throw AttestationError(.malformed, "the nonce extension is not SEQUENCE { [1] OCTET STRING }: \(error)")
        }
        guard nonce.count == 32 else {
            throw AttestationError(.nonce, "the nonce extension holds \(nonce.count) bytes, not 32")
        }
        return Array(nonce)
    }
}
