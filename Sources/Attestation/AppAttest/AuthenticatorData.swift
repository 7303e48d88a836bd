/// The authenticator data of an App Attest attestation or assertion (the WebAuthn layout):
///
/// | bytes | field |
/// |---|---|
/// | 0..<32 | rpIdHash: SHA-256 of the app identifier |
/// | 32 | flags |
/// | 33..<37 | signCount, big-endian |
/// | 37..<53 | aaguid (attestation only, when flag AT is set) |
/// | 53..<55 | credentialId length, big-endian |
/// | 55..<55+L | credentialId |
/// | then | the credential public key, a CBOR COSE key |
/// | then | a CBOR extension map, optional |
///
/// Apple's quirks: assertions set flag AT (flags 0x40) yet carry no attested credential
/// data, so the layout is chosen by the caller (``Kind``), not by the flag; and since 2026
/// attestations carry an extension map after the COSE key while flag ED stays clear. The parser accepts exactly one CBOR map after the fixed fields
/// (whether or not ED is set), requires one when ED is set, and refuses any other
/// trailing bytes.
struct AuthenticatorData: Sendable {
    /// Flag UP, user present.
    static let userPresentFlag: UInt8 = 0x01
    /// Flag AT, attested credential data included.
    static let attestedCredentialDataFlag: UInt8 = 0x40
    /// Flag ED, extension data included.
    static let extensionDataFlag: UInt8 = 0x80

    /// Which structure the bytes come from.
    enum Kind: Sendable {
        /// An attestation's: attested credential data must follow the counter, and flag
        /// AT must be set.
        case attestation
        /// An assertion's: nothing but an optional extension map follows the counter,
        /// whatever flag AT says (Apple sets it).
        case assertion
    }

    /// The attested credential: present in attestations.
    struct AttestedCredential: Sendable {
        let aaguid: [UInt8]
        let credentialID: [UInt8]
        let publicKey: CBORValue
    }

    let rpIDHash: [UInt8]
    let flags: UInt8
    let counter: UInt32
    let attestedCredential: AttestedCredential?
    /// The extension map after the fixed fields, if any.
    let extensions: CBORMap?

    /// Parses `bytes` as a `kind` structure; they must hold the whole structure and
    /// nothing else.
    init(_ bytes: [UInt8], kind: Kind) throws(AttestationError) {
        guard bytes.count >= 37 else {
            throw AttestationError(.malformed, "the authenticator data has \(bytes.count) bytes, fewer than the 37 of its fixed fields")
        }
        rpIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        counter = bytes[33..<37].reduce(0) { ($0 << 8) | UInt32($1) }
        var position = 37
        switch kind {
        case .attestation:
            guard flags & Self.attestedCredentialDataFlag != 0 else {
                throw AttestationError(.malformed, "an attestation's authenticator data has flag AT clear")
            }
            guard bytes.count >= 55 else {
                throw AttestationError(.malformed, "the authenticator data ends inside the attested credential data (\(bytes.count) bytes)")
            }
            let aaguid = Array(bytes[37..<53])
            let idLength = Int(bytes[53]) << 8 | Int(bytes[54])
            position = 55
            guard idLength <= bytes.count - position else {
                throw AttestationError(.malformed, "the credential id claims \(idLength) bytes, \(bytes.count - position) remain")
            }
            let credentialID = Array(bytes[position..<(position + idLength)])
            position += idLength
            let publicKey: CBORValue
            do {
                (publicKey, position) = try CBORDecoder.decodePrefix(bytes, from: position)
            } catch {
                throw AttestationError(.malformed, "the credential public key is not valid CBOR: \(error)")
            }
            attestedCredential = AttestedCredential(aaguid: aaguid, credentialID: credentialID, publicKey: publicKey)
        case .assertion:
            attestedCredential = nil
        }
        extensions = try Self.extensionMap(bytes, from: position, required: flags & Self.extensionDataFlag != 0)
    }

    /// The extension map that follows the fixed fields: required with flag ED, allowed
    /// without it (Apple's quirk); anything but one CBOR map up to the end is refused.
    private static func extensionMap(_ bytes: [UInt8], from position: Int, required: Bool) throws(AttestationError) -> CBORMap? {
        guard position < bytes.count else {
            if required { throw AttestationError(.malformed, "flag ED is set but no extension map follows") }
            return nil
        }
        let value: CBORValue, end: Int
        do {
            (value, end) = try CBORDecoder.decodePrefix(bytes, from: position)
        } catch {
            throw AttestationError(.malformed, "\(bytes.count - position) bytes follow the fixed fields and are not a CBOR extension map: \(error)")
        }
        guard let map = value.mapValue else {
            throw AttestationError(.malformed, "the CBOR item after the fixed fields is not an extension map")
        }
        guard end == bytes.count else {
            throw AttestationError(.malformed, "\(bytes.count - end) bytes follow the extension map")
        }
        return map
    }
}
