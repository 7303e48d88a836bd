/// The CBOR assertion `generateAssertion` hands the app:
/// `{signature: bytes (DER ECDSA), authenticatorData: bytes}`, and nothing else.
struct AppAttestAssertionObject: Sendable {
    let signature: [UInt8]
    let authenticatorData: [UInt8]

    init(_ bytes: [UInt8]) throws(AttestationError) {
        let value: CBORValue
        do { value = try CBORDecoder.decode(bytes) } catch {
            throw AttestationError(.malformed, "the assertion is not strict CBOR: \(error)")
        }
        guard let map = value.mapValue else {
            throw AttestationError(.malformed, "the assertion is not a CBOR map")
        }
        guard let signature = map[text: "signature"]?.byteStringValue else {
            throw AttestationError(.malformed, "the assertion has no byte-string field signature")
        }
        guard let authenticatorData = map[text: "authenticatorData"]?.byteStringValue else {
            throw AttestationError(.malformed, "the assertion has no byte-string field authenticatorData")
        }
        guard map.count == 2 else {
            throw AttestationError(.malformed, "the assertion has fields besides signature and authenticatorData")
        }
        self.signature = signature
        self.authenticatorData = authenticatorData
    }
}
