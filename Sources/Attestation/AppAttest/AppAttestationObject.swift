/// The CBOR attestation object `generateKey`/`attestKey` hands the app:
/// `{fmt: text, attStmt: {x5c: [bytes], receipt: bytes}, authData: bytes}`.
///
/// The structure is checked here; what the values mean is checked by
/// ``AppAttestVerifier/verifyAttestation(_:keyID:clientDataHash:)``.
struct AppAttestationObject: Sendable {
    let format: String
    /// The DER certificates of `x5c`, as sent (leaf first).
    let certificates: [[UInt8]]
    let receipt: [UInt8]
    let authenticatorData: [UInt8]

    init(_ bytes: [UInt8]) throws(AttestationError) {
        let value: CBORValue
        do { value = try CBORDecoder.decode(bytes) } catch {
            throw AttestationError(.malformed, "the attestation object is not strict CBOR: \(error)")
        }
        guard let map = value.mapValue else {
            throw AttestationError(.malformed, "the attestation object is not a CBOR map")
        }
        guard let format = map[text: "fmt"]?.textStringValue else {
            throw AttestationError(.malformed, "the attestation object has no text field fmt")
        }
        guard let statement = map[text: "attStmt"]?.mapValue else {
            throw AttestationError(.malformed, "the attestation object has no map field attStmt")
        }
        guard let authenticatorData = map[text: "authData"]?.byteStringValue else {
            throw AttestationError(.malformed, "the attestation object has no byte-string field authData")
        }
        guard map.count == 3 else {
            throw AttestationError(.malformed, "the attestation object has fields besides fmt, attStmt and authData")
        }
        self.format = format
        self.authenticatorData = authenticatorData
        // attStmt's layout belongs to the format: read it only once fmt is known.
        guard format == "apple-appattest" else {
            certificates = []
            receipt = []
            return
        }
        guard let x5c = statement[text: "x5c"]?.arrayValue else {
            throw AttestationError(.malformed, "attStmt has no array field x5c")
        }
        var certificates: [[UInt8]] = []
        for element in x5c {
            guard let der = element.byteStringValue else {
                throw AttestationError(.malformed, "an x5c element is not a byte string")
            }
            certificates.append(der)
        }
        guard let receipt = statement[text: "receipt"]?.byteStringValue else {
            throw AttestationError(.malformed, "attStmt has no byte-string field receipt")
        }
        guard statement.count == 2 else {
            throw AttestationError(.malformed, "attStmt has fields besides x5c and receipt")
        }
        self.certificates = certificates
        self.receipt = receipt
    }
}
