#if !canImport(CryptoKit)
import Foundation

/// The validated public half of a P-256 key, shared by `P256.Signing.PublicKey` and
/// `P256.KeyAgreement.PublicKey`: every initialiser of both types ends here.
struct P256PublicKeyCore: Sendable {
    /// 0x04 ‖ X ‖ Y, checked to be on the curve.
    let x963: [UInt8]
    let evpKey: P256EVPKey

    /// SubjectPublicKeyInfo prefixes for id-ecPublicKey with the prime256v1 named curve.
    /// A P-256 SPKI in DER has exactly these two forms, so strict parsing is a prefix match.
    static let spkiUncompressedPrefix: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ]
    static let spkiCompressedPrefix: [UInt8] = [
        0x30, 0x39, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x22, 0x00,
    ]

    init(point: [UInt8], for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        x963 = try P256Curve.uncompressedPoint(from: point)
        evpKey = try P256EVPKey.publicKey(point: x963, for: operation)
    }

    init<D: ContiguousBytes>(rawRepresentation: D, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let raw = rawRepresentation.withUnsafeBytes { [UInt8]($0) }
        guard raw.count == 64 else {
            throw .invalidEncoding(reason: "a raw P-256 public key is 64 bytes (X ‖ Y); got \(raw.count)")
        }
        try self.init(point: [0x04] + raw, for: operation)
    }

    init<D: ContiguousBytes>(x963Representation: D, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let bytes = x963Representation.withUnsafeBytes { [UInt8]($0) }
        guard bytes.count == P256Curve.uncompressedPointByteCount, bytes.first == 0x04 else {
            throw .invalidEncoding(reason: "an X9.63 P-256 public key is 65 bytes starting 0x04; got \(bytes.count) bytes")
        }
        try self.init(point: bytes, for: operation)
    }

    init<D: ContiguousBytes>(compressedRepresentation: D, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let bytes = compressedRepresentation.withUnsafeBytes { [UInt8]($0) }
        guard bytes.count == P256Curve.compressedPointByteCount else {
            throw .invalidEncoding(reason: "a compressed P-256 public key is 33 bytes starting 0x02 or 0x03; got \(bytes.count) bytes")
        }
        try self.init(point: bytes, for: operation)
    }

    init<D: DataProtocol>(derRepresentation: D, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let der = [UInt8](derRepresentation)
        for prefix in [Self.spkiUncompressedPrefix, Self.spkiCompressedPrefix] where der.starts(with: prefix) {
            let point = Array(der.dropFirst(prefix.count))
            guard point.count == (prefix == Self.spkiUncompressedPrefix ? 65 : 33) else { break }
            try self.init(point: point, for: operation)
            return
        }
        throw .invalidEncoding(reason: "not a DER SubjectPublicKeyInfo for a P-256 key (id-ecPublicKey with the named curve prime256v1)")
    }

    init(pemRepresentation: String, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let document = try PEMDocument(parsing: pemRepresentation)
        guard document.label == "PUBLIC KEY" else {
            throw .invalidEncoding(reason: "expected a 'PUBLIC KEY' PEM block, got '\(document.label)'")
        }
        try self.init(derRepresentation: document.der, for: operation)
    }

    init(privateCore: P256PrivateKeyCore, for operation: P256EVPKey.Operation) {
        x963 = privateCore.publicPoint
        // The point came from our own scalar multiplication; building the key cannot fail
        // unless OpenSSL itself is broken.
        do { evpKey = try P256EVPKey.publicKey(point: x963, for: operation) } catch {
            fatalError("OpenSSL refused a point it computed: \(error)")
        }
    }

    var rawRepresentation: Data { Data(x963.dropFirst()) }
    var x963Representation: Data { Data(x963) }
    var compressedRepresentation: Data { Data(P256Curve.compressedPoint(fromUncompressed: x963)) }
    var derRepresentation: Data { Data(Self.spkiUncompressedPrefix + x963) }
    var pemRepresentation: String { PEMDocument(label: "PUBLIC KEY", der: derRepresentation).pemString }
}

/// The two DER syntaxes of an EC private key, told apart by the version INTEGER that
/// follows the outer SEQUENCE header: 0 for PKCS#8 `PrivateKeyInfo` (RFC 5208), 1 for
/// SEC 1 `ECPrivateKey` (RFC 5915).
enum PrivateKeySyntax {
    case pkcs8, sec1

    init?(der: [UInt8]) {
        guard der.count > 5, der[0] == 0x30 else { return nil }
        let headerLength: Int
        switch der[1] {
        case 0..<0x80: headerLength = 2
        case 0x81: headerLength = 3
        case 0x82: headerLength = 4
        default: return nil
        }
        guard der.count >= headerLength + 3, der[headerLength] == 0x02, der[headerLength + 1] == 0x01 else { return nil }
        switch der[headerLength + 2] {
        case 0: self = .pkcs8
        case 1: self = .sec1
        default: return nil
        }
    }
}

/// The validated private half of a P-256 key, shared by `P256.Signing.PrivateKey` and
/// `P256.KeyAgreement.PrivateKey`. The scalar is kept in zeroising storage.
struct P256PrivateKeyCore: Sendable {
    let scalar: SecureBytes
    let publicPoint: [UInt8]
    let evpKey: P256EVPKey

    /// PKCS#8 `PrivateKeyInfo` around a SEC 1 `ECPrivateKey` with the public key, in the
    /// exact layout CryptoKit and OpenSSL write for P-256.
    private static let pkcs8Prefix: [UInt8] = [
        0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02, 0x01, 0x01, 0x04, 0x20,
    ]
    private static let pkcs8PublicKeyTag: [UInt8] = [0xa1, 0x44, 0x03, 0x42, 0x00]

    /// A new random key.
    init(for operation: P256EVPKey.Operation) {
        do {
            let scalar = try SecureBytes(count: P256Curve.scalarByteCount) { (buffer) throws(CryptoKitError) in
                try P256EVPKey.generateScalar(into: buffer)
            }
            try self.init(scalar: scalar, for: operation)
        } catch {
            fatalError("P-256 key generation failed in OpenSSL: \(error)")
        }
    }

    init(scalar: SecureBytes, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let result: Result<([UInt8], P256EVPKey), CryptoKitError> = scalar.withUnsafeBytes { bytes in
            Result { () throws(CryptoKitError) in
                let point = try P256Curve.publicPoint(forScalar: bytes)
                return (point, try P256EVPKey.keyPair(scalar: bytes, publicPoint: point, for: operation))
            }
        }
        (publicPoint, evpKey) = try result.get()
        self.scalar = scalar
    }

    init<D: ContiguousBytes>(rawRepresentation: D, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let scalar = rawRepresentation.withUnsafeBytes { SecureBytes(copying: $0) }
        guard scalar.count == P256Curve.scalarByteCount else { throw .incorrectKeySize }
        try self.init(scalar: scalar, for: operation)
    }

    init<D: ContiguousBytes>(x963Representation: D, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let input = x963Representation.withUnsafeBytes { SecureBytes(copying: $0) }
        let pointCount = P256Curve.uncompressedPointByteCount
        guard input.count == pointCount + P256Curve.scalarByteCount else {
            throw .invalidEncoding(reason: "an X9.63 P-256 private key is 97 bytes (0x04 ‖ X ‖ Y ‖ d); got \(input.count)")
        }
        let scalar = input.withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0[pointCount...])) }
        try self.init(scalar: scalar, for: operation)
        let embeddedPoint = input.withUnsafeBytes { Array($0[0..<pointCount]) }
        try checkEmbeddedPoint(embeddedPoint)
    }

    init<D: DataProtocol>(derRepresentation: D, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        var embeddedPoint: [UInt8]?
        let scalar = try derRepresentation.withContiguousBytes { (der) throws(CryptoKitError) in
            try SecureBytes(count: P256Curve.scalarByteCount) { (out) throws(CryptoKitError) in
                embeddedPoint = try P256EVPKey.decodePrivateKeyDER(der, scalar: out)
            }
        }
        try self.init(scalar: scalar, for: operation)
        if let embeddedPoint { try checkEmbeddedPoint(embeddedPoint) }
    }

    init(pemRepresentation: String, for operation: P256EVPKey.Operation) throws(CryptoKitError) {
        let document = try PEMDocument(parsing: pemRepresentation)
        let expected: PrivateKeySyntax
        switch document.label {
        case "PRIVATE KEY": expected = .pkcs8
        case "EC PRIVATE KEY": expected = .sec1
        default:
            throw .invalidEncoding(reason: "expected a 'PRIVATE KEY' (PKCS#8) or 'EC PRIVATE KEY' (SEC 1) PEM block, got '\(document.label)'")
        }
        guard PrivateKeySyntax(der: [UInt8](document.der)) == expected else {
            throw .invalidEncoding(
                reason: "the PEM label '\(document.label)' does not match its content: 'PRIVATE KEY' holds PKCS#8, 'EC PRIVATE KEY' holds SEC 1")
        }
        try self.init(derRepresentation: document.der, for: operation)
    }

    /// An encoding that carries the public key too must carry the right one.
    private func checkEmbeddedPoint(_ embedded: [UInt8]) throws(CryptoKitError) {
        let normalised = try P256Curve.uncompressedPoint(from: embedded)
        guard normalised == publicPoint else {
            throw .invalidEncoding(reason: "the public key embedded in the private key encoding does not belong to its private scalar")
        }
    }

    /// The scalar as a `Data`. CryptoKit's API returns one; the copy is the caller's to guard.
    var rawRepresentation: Data { scalar.withUnsafeBytes { Data($0) } }
    var x963Representation: Data { Data(publicPoint) + rawRepresentation }
    var derRepresentation: Data {
        var der = Data(Self.pkcs8Prefix)
        scalar.withUnsafeBytes { der.append(contentsOf: $0) }
        der.append(contentsOf: Self.pkcs8PublicKeyTag + publicPoint)
        return der
    }
    var pemRepresentation: String { PEMDocument(label: "PRIVATE KEY", der: derRepresentation).pemString }
}
#endif
