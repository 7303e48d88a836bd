/// The credential public key of App Attest's authenticator data: a COSE_Key (RFC 9052)
/// of type EC2 (kty 2) for ES256 (alg −7) on P-256 (crv 1), with 32-byte coordinates.
///
/// Exactly these five labels are accepted: Apple writes nothing else, and a key with
/// extra parameters (a private `d`, say) is not one Apple made.
struct COSEP256Key: Sendable {
    /// The uncompressed point 0x04 ‖ x ‖ y.
    let x963Representation: [UInt8]

    /// Reads the key from its CBOR value.
    init(_ value: CBORValue) throws(AttestationError) {
        guard let map = value.mapValue else {
            throw AttestationError(.keyType, "the credential public key is not a COSE key map")
        }
        guard map[integer: 1] == .integer(2) else {
            throw AttestationError(.keyType, "the credential public key's kty is not 2 (EC2)")
        }
        guard map[integer: 3] == .integer(-7) else {
            throw AttestationError(.keyType, "the credential public key's alg is not -7 (ES256)")
        }
        guard map[integer: -1] == .integer(1) else {
            throw AttestationError(.keyType, "the credential public key's crv is not 1 (P-256)")
        }
        guard let x = map[integer: -2]?.byteStringValue, x.count == 32,
            let y = map[integer: -3]?.byteStringValue, y.count == 32
        else {
            throw AttestationError(.keyType, "the credential public key's x and y are not 32-byte strings")
        }
        guard map.count == 5 else {
            throw AttestationError(.keyType, "the credential public key has \(map.count - 5) parameters besides kty, alg, crv, x and y")
        }
        x963Representation = [0x04] + x + y
    }
}
