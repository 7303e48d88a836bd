import Foundation
import Testing
import DeviceTrustCrypto

/// Specification of P-256: ECDSA signing and ECDH key agreement, with CryptoKit's API.
@Suite("API: P-256 signing and key agreement")
struct APIP256Tests {
    // MARK: - Constants

    /// The group order n.
    static let order = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
    /// n - 1, the largest valid scalar.
    static let orderMinusOne = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550"
    /// n + 1.
    static let orderPlusOne = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632552"
    /// The generator G, X ‖ Y (SEC 2 / FIPS 186-4).
    static let generatorX = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
    static let generatorY = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
    /// -G = (Gx, p - Gy), the public key of n - 1.
    static let negatedGeneratorY = "b01cbd1c01e58065711814b583f061e9d431cca994cea1313449bf97c840ae0a"

    // RFC 6979 appendix A.2.5 (P-256 with SHA-256).
    static let rfc6979Scalar = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
    static let rfc6979PublicX963 =
        "0460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    static let rfc6979SampleSignature =
        "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"
    static let rfc6979TestSignature =
        "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"

    /// The RFC 6979 key in PKCS#8, as OpenSSL, Python `cryptography` and CryptoKit write it.
    static let rfc6979PKCS8 =
        "308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721a1440342000460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    /// The RFC 6979 key in SEC 1 `ECPrivateKey` DER (OpenSSL's "traditional" format).
    static let rfc6979SEC1 =
        "30770201010420c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721a00a06082a8648ce3d030107a1440342000460fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb67903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    static let rfc6979SEC1PEM = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIMmvqdhFunUWa1whV2ex1pNOUMPbNuibEnuKYisSD2choAoGCCqGSM49
        AwEHoUQDQgAEYP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDyn7Z5A/4QCLi8
        maQa6elWKLxk8vGyDC1+n1F3o8KU1EYimQ==
        -----END EC PRIVATE KEY-----
        """
    static let rfc6979PublicPEM = """
        -----BEGIN PUBLIC KEY-----
        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYP7UuiVanTHJYet0xjVtaMBJuJI7
        Yfps5mliLmDyn7Z5A/4QCLi8maQa6elWKLxk8vGyDC1+n1F3o8KU1EYimQ==
        -----END PUBLIC KEY-----
        """
    static let spkiPrefix = "3059301306072a8648ce3d020106082a8648ce3d030107034200"

    // RFC 5903 §8.1 (ECDH on the 256-bit random ECP group).
    static let rfc5903InitiatorScalar = "c88f01f510d9ac3f70a292daa2316de544e9aab8afe84049c62a9c57862d1433"
    static let rfc5903InitiatorPublic =
        "04dad0b65394221cf9b051e1feca5787d098dfe637fc90b9ef945d0c37725811805271a0461cdb8252d61f1c456fa3e59ab1f45b33accf5f58389e0577b8990bb3"
    static let rfc5903ResponderScalar = "c6ef9c5d78ae012a011164acb397ce2088685d8f06bf9be0b283ab46476bee53"
    static let rfc5903ResponderPublic =
        "04d12dfb5289c8d4f81208b70270398c342296970a0bccb74c736fc7554494bf6356fbf3ca366cc23e8157854c13c58d6aac23f046ada30f8353e74f33039872ab"
    static let rfc5903SharedSecret = "d6840f6b42f6edafd13116e0e12565202fef8e9ece7dce03812464d04b9442de"

    // Keys on other curves, which must not be accepted as P-256 keys.
    static let p384SPKI =
        "3076301006072a8648ce3d020106052b81040022036200043418ad8c23118d32d91099680d7363cc9fc5d532a36363ca885f7eddcbe4a7da910efaf809f23204acc030cedc1d80ebbb574a129e9480a98dbc9689fe2bce33106c12356a0b9191f7d7b319091b2f73c4feb0daa16da45bdb6c035f6c6a7e24"
    static let p384PKCS8 =
        "3081b6020100301006072a8648ce3d020106052b8104002204819e30819b0201010430582f073054354738fdfcc04f4d354a12e6d692bc5863fb865c18796f3b663598b8c63ce06f103c401086434b50dd53e0a164036200043418ad8c23118d32d91099680d7363cc9fc5d532a36363ca885f7eddcbe4a7da910efaf809f23204acc030cedc1d80ebbb574a129e9480a98dbc9689fe2bce33106c12356a0b9191f7d7b319091b2f73c4feb0daa16da45bdb6c035f6c6a7e24"
    static let secp256k1SPKI =
        "3056301006072a8648ce3d020106052b8104000a03420004352f261ebdb2fc179025ed9ee949b2aff6d92c54ffbc751dfe72a9a799031708350c235ed365b95c296846f77000ab38fa18f9bffba9b901177644efb87f9e13"
    static let secp256k1PKCS8 =
        "308184020100301006072a8648ce3d020106052b8104000a046d306b0201010420c393c8c4bacd7bef5f21d9869717d3b81978e4138aa03e67b6ba27b4d98347b0a14403420004352f261ebdb2fc179025ed9ee949b2aff6d92c54ffbc751dfe72a9a799031708350c235ed365b95c296846f77000ab38fa18f9bffba9b901177644efb87f9e13"
    static let ed25519SPKI = "302a300506032b657003210047047b7d0d72f2663f9807980b4f992311361d16a45bee762c073596bce5785e"
    static let ed25519PKCS8 = "302e020100300506032b6570042204201a296deaa505864999b69e36494fbb6ae5af956088eebac3b87e1203ddd2f118"

    static let message = Data("DeviceTrust attestation payload".utf8)

    /// A PEM block with the given label around `der`, 64 characters a line.
    static func pem(_ label: String, _ der: [UInt8]) -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n"
    }

    // MARK: - Key generation and representations

    @Test("A new private key has a 32-byte scalar and a 64-byte public key, and keys differ")
    func newKeys() {
        let a = P256.Signing.PrivateKey()
        let b = P256.Signing.PrivateKey()
        #expect(a.rawRepresentation.count == 32)
        #expect(a.publicKey.rawRepresentation.count == 64)
        #expect(a.rawRepresentation != b.rawRepresentation)
        #expect(a.publicKey.rawRepresentation != b.publicKey.rawRepresentation)
        let c = P256.KeyAgreement.PrivateKey()
        #expect(c.rawRepresentation.count == 32)
        #expect(c.publicKey.rawRepresentation.count == 64)
    }

    @Test("The RFC 6979 private scalar gives the RFC 6979 public key")
    func rfc6979PublicKey() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        #expect(apiHex(key.publicKey.x963Representation) == Self.rfc6979PublicX963)
        #expect(apiHex(key.rawRepresentation) == Self.rfc6979Scalar)
    }

    @Test("Scalar 1 gives the generator G, and scalar n - 1 gives -G")
    func extremeScalars() throws {
        var one = [UInt8](repeating: 0, count: 32)
        one[31] = 1
        let keyOne = try P256.Signing.PrivateKey(rawRepresentation: one)
        #expect(apiHex(keyOne.publicKey.rawRepresentation) == Self.generatorX + Self.generatorY)
        let keyMax = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.orderMinusOne))
        #expect(apiHex(keyMax.publicKey.rawRepresentation) == Self.generatorX + Self.negatedGeneratorY)
    }

    @Test("A signing private key round-trips through raw, x963, DER and PEM")
    func signingPrivateKeyRoundTrips() throws {
        let key = P256.Signing.PrivateKey()
        let raw = key.rawRepresentation
        #expect(try P256.Signing.PrivateKey(rawRepresentation: raw).rawRepresentation == raw)
        #expect(try P256.Signing.PrivateKey(x963Representation: key.x963Representation).rawRepresentation == raw)
        #expect(try P256.Signing.PrivateKey(derRepresentation: key.derRepresentation).rawRepresentation == raw)
        #expect(try P256.Signing.PrivateKey(pemRepresentation: key.pemRepresentation).rawRepresentation == raw)
        // The public key survives each trip too.
        #expect(try P256.Signing.PrivateKey(pemRepresentation: key.pemRepresentation).publicKey.rawRepresentation == key.publicKey.rawRepresentation)
        // [UInt8] inputs work as well as Data.
        #expect(try P256.Signing.PrivateKey(rawRepresentation: [UInt8](raw)).rawRepresentation == raw)
        #expect(try P256.Signing.PrivateKey(derRepresentation: [UInt8](key.derRepresentation)).rawRepresentation == raw)
    }

    @Test("A key-agreement private key round-trips through raw, x963, DER and PEM")
    func keyAgreementPrivateKeyRoundTrips() throws {
        let key = P256.KeyAgreement.PrivateKey()
        let raw = key.rawRepresentation
        #expect(try P256.KeyAgreement.PrivateKey(rawRepresentation: raw).rawRepresentation == raw)
        #expect(try P256.KeyAgreement.PrivateKey(x963Representation: key.x963Representation).rawRepresentation == raw)
        #expect(try P256.KeyAgreement.PrivateKey(derRepresentation: key.derRepresentation).rawRepresentation == raw)
        #expect(try P256.KeyAgreement.PrivateKey(pemRepresentation: key.pemRepresentation).rawRepresentation == raw)
    }

    @Test("A signing public key round-trips through raw, x963, compressed, DER and PEM")
    func signingPublicKeyRoundTrips() throws {
        let key = P256.Signing.PrivateKey().publicKey
        let raw = key.rawRepresentation
        #expect(try P256.Signing.PublicKey(rawRepresentation: raw).rawRepresentation == raw)
        #expect(try P256.Signing.PublicKey(x963Representation: key.x963Representation).rawRepresentation == raw)
        #expect(try P256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation).rawRepresentation == raw)
        #expect(try P256.Signing.PublicKey(derRepresentation: key.derRepresentation).rawRepresentation == raw)
        #expect(try P256.Signing.PublicKey(pemRepresentation: key.pemRepresentation).rawRepresentation == raw)
    }

    @Test("A key-agreement public key round-trips through raw, x963, compressed, DER and PEM")
    func keyAgreementPublicKeyRoundTrips() throws {
        let key = P256.KeyAgreement.PrivateKey().publicKey
        let raw = key.rawRepresentation
        #expect(try P256.KeyAgreement.PublicKey(rawRepresentation: raw).rawRepresentation == raw)
        #expect(try P256.KeyAgreement.PublicKey(x963Representation: key.x963Representation).rawRepresentation == raw)
        #expect(try P256.KeyAgreement.PublicKey(compressedRepresentation: key.compressedRepresentation).rawRepresentation == raw)
        #expect(try P256.KeyAgreement.PublicKey(derRepresentation: key.derRepresentation).rawRepresentation == raw)
        #expect(try P256.KeyAgreement.PublicKey(pemRepresentation: key.pemRepresentation).rawRepresentation == raw)
    }

    @Test("Decompressing recovers Y of either parity", arguments: 0..<16)
    func compressedBothParities(_: Int) throws {
        let key = P256.Signing.PrivateKey().publicKey
        let decompressed = try P256.Signing.PublicKey(compressedRepresentation: key.compressedRepresentation)
        #expect(decompressed.x963Representation == key.x963Representation)
    }

    @Test("A public key's x963 form is 0x04 followed by the raw X ‖ Y")
    func publicX963Layout() {
        let key = P256.Signing.PrivateKey().publicKey
        let x963 = [UInt8](key.x963Representation)
        #expect(x963.count == 65)
        #expect(x963[0] == 0x04)
        #expect(Array(x963[1...]) == [UInt8](key.rawRepresentation))
    }

    @Test("A compressed public key is 33 bytes: 02 or 03 by the parity of Y, then X")
    func compressedLayout() {
        for _ in 0..<8 {
            let key = P256.KeyAgreement.PrivateKey().publicKey
            let compressed = [UInt8](key.compressedRepresentation)
            let raw = [UInt8](key.rawRepresentation)
            #expect(compressed.count == 33)
            #expect(compressed[0] == 0x02 || compressed[0] == 0x03)
            #expect(compressed[0] == 0x02 | (raw[63] & 1))
            #expect(Array(compressed[1...]) == Array(raw[0..<32]))
        }
    }

    @Test("A private key's x963 form is 0x04 ‖ X ‖ Y ‖ d")
    func privateX963Layout() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        #expect(apiHex(key.x963Representation) == Self.rfc6979PublicX963 + Self.rfc6979Scalar)
        #expect(key.x963Representation.count == 97)
    }

    @Test("A private key's DER is PKCS#8 in the layout CryptoKit and OpenSSL write")
    func privateDERIsPKCS8() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        #expect(apiHex(key.derRepresentation) == Self.rfc6979PKCS8)
        let agreement = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        #expect(apiHex(agreement.derRepresentation) == Self.rfc6979PKCS8)
    }

    @Test("A private key's PEM is a PRIVATE KEY block around the PKCS#8 DER, 64 characters a line")
    func privatePEMLayout() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        let pem = key.pemRepresentation
        #expect(pem.trimmingCharacters(in: .newlines) == Self.pem("PRIVATE KEY", apiBytes(hex: Self.rfc6979PKCS8)).trimmingCharacters(in: .newlines))
        let lines = pem.split(separator: "\n")
        #expect(lines.first == "-----BEGIN PRIVATE KEY-----")
        #expect(lines.last == "-----END PRIVATE KEY-----")
        #expect(lines.allSatisfy { $0.count <= 64 })
    }

    @Test("A public key's DER is a SubjectPublicKeyInfo for id-ecPublicKey on prime256v1")
    func publicDERIsSPKI() throws {
        let key = try P256.Signing.PublicKey(x963Representation: apiBytes(hex: Self.rfc6979PublicX963))
        #expect(apiHex(key.derRepresentation) == Self.spkiPrefix + Self.rfc6979PublicX963)
        #expect(key.derRepresentation.count == 91)
    }

    @Test("A public key's PEM is a PUBLIC KEY block identical to OpenSSL's")
    func publicPEMLayout() throws {
        let key = try P256.Signing.PublicKey(x963Representation: apiBytes(hex: Self.rfc6979PublicX963))
        #expect(key.pemRepresentation.trimmingCharacters(in: .newlines) == Self.rfc6979PublicPEM)
        let parsed = try P256.KeyAgreement.PublicKey(pemRepresentation: Self.rfc6979PublicPEM)
        #expect(apiHex(parsed.x963Representation) == Self.rfc6979PublicX963)
    }

    @Test("A SEC 1 ECPrivateKey is accepted in DER and as an EC PRIVATE KEY PEM block, as in CryptoKit")
    func sec1Accepted() throws {
        let fromDER = try P256.Signing.PrivateKey(derRepresentation: apiBytes(hex: Self.rfc6979SEC1))
        #expect(apiHex(fromDER.rawRepresentation) == Self.rfc6979Scalar)
        let fromPEM = try P256.Signing.PrivateKey(pemRepresentation: Self.rfc6979SEC1PEM)
        #expect(apiHex(fromPEM.rawRepresentation) == Self.rfc6979Scalar)
        let agreement = try P256.KeyAgreement.PrivateKey(pemRepresentation: Self.rfc6979SEC1PEM)
        #expect(apiHex(agreement.publicKey.x963Representation) == Self.rfc6979PublicX963)
    }

    @Test("PEM with CRLF line endings and a trailing newline is accepted")
    func pemWithCRLF() throws {
        let crlf = Self.rfc6979SEC1PEM.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        #expect(apiHex(try P256.Signing.PrivateKey(pemRepresentation: crlf).rawRepresentation) == Self.rfc6979Scalar)
        let publicCRLF = Self.rfc6979PublicPEM.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        #expect(apiHex(try P256.Signing.PublicKey(pemRepresentation: publicCRLF).x963Representation) == Self.rfc6979PublicX963)
    }

    @Test("Signing and key-agreement keys with the same scalar have the same public key")
    func signingAndAgreementShareScalars() throws {
        let signing = P256.Signing.PrivateKey()
        let agreement = try P256.KeyAgreement.PrivateKey(rawRepresentation: signing.rawRepresentation)
        #expect(agreement.publicKey.rawRepresentation == signing.publicKey.rawRepresentation)
        let verifier = try P256.Signing.PublicKey(rawRepresentation: agreement.publicKey.rawRepresentation)
        #expect(verifier.isValidSignature(try signing.signature(for: Self.message), for: Self.message))
    }

    // MARK: - Invalid private keys

    @Test("A raw private key that is not 32 bytes is rejected", arguments: [0, 1, 31, 33, 64, 97])
    func privateRawWrongLength(byteCount: Int) {
        let bytes = [UInt8](repeating: 0x11, count: byteCount)
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(rawRepresentation: bytes) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes) }
    }

    @Test(
        "A private scalar of 0, n, n + 1 or 2^256 - 1 is rejected",
        arguments: [String(repeating: "00", count: 32), order, orderPlusOne, String(repeating: "ff", count: 32)])
    func privateScalarOutOfRange(scalarHex: String) {
        let bytes = apiBytes(hex: scalarHex)
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(rawRepresentation: bytes) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes) }
        // The same scalar inside an x963 encoding (with G as a placeholder point) is rejected too.
        let x963 = apiBytes(hex: "04" + Self.generatorX + Self.generatorY) + bytes
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(x963Representation: x963) }
    }

    @Test("An out-of-range scalar inside PKCS#8 DER is rejected")
    func privateDERScalarOutOfRange() {
        var der = apiBytes(hex: Self.rfc6979PKCS8)
        // The scalar starts at offset 36 in this layout.
        der.replaceSubrange(36..<68, with: apiBytes(hex: Self.order))
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: der) }
        der.replaceSubrange(36..<68, with: [UInt8](repeating: 0, count: 32))
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: der) }
    }

    @Test("A private x963 encoding whose point does not belong to its scalar is rejected")
    func privateX963Mismatch() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        let mismatched = apiBytes(hex: "04" + Self.generatorX + Self.generatorY + Self.rfc6979Scalar)
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(x963Representation: mismatched) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PrivateKey(x963Representation: mismatched) }
        // Wrong lengths and a point not on the curve.
        let x963 = [UInt8](key.x963Representation)
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(x963Representation: Array(x963.dropLast())) }
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(x963Representation: x963 + [0]) }
        var offCurve = x963
        offCurve[64] ^= 0x01
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(x963Representation: offCurve) }
    }

    @Test("PKCS#8 DER whose embedded public key does not belong to its scalar is rejected")
    func privateDERMismatchedPublicKey() {
        var der = apiBytes(hex: Self.rfc6979PKCS8)
        // Replace the embedded public point (the last 65 bytes) by G, a valid but wrong point.
        der.replaceSubrange((der.count - 65)..., with: apiBytes(hex: "04" + Self.generatorX + Self.generatorY))
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: der) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PrivateKey(derRepresentation: der) }
    }

    @Test("Private key DER with a trailing byte, or truncated, is rejected")
    func privateDERTrailingOrTruncated() {
        let der = apiBytes(hex: Self.rfc6979PKCS8)
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: der + [0x00]) }
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: der + [0x05, 0x00]) }
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: Array(der.dropLast())) }
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: Array(der.prefix(40))) }
        let sec1 = apiBytes(hex: Self.rfc6979SEC1)
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: sec1 + [0x00]) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PrivateKey(derRepresentation: der + [0x00]) }
    }

    @Test("A private key PEM with a wrong label is rejected")
    func privatePEMWrongLabel() {
        let der = apiBytes(hex: Self.rfc6979PKCS8)
        for label in ["PUBLIC KEY", "CERTIFICATE", "RSA PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "private key"] {
            #expect(throws: (any Error).self, "label \(label)") { try P256.Signing.PrivateKey(pemRepresentation: Self.pem(label, der)) }
        }
        // The public key's own PEM is not a private key.
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(pemRepresentation: Self.rfc6979PublicPEM) }
    }

    @Test("A PEM label must match its content: PKCS#8 under EC PRIVATE KEY, or SEC 1 under PRIVATE KEY, is rejected as in CryptoKit")
    func privatePEMLabelMustMatchContent() {
        let pkcs8AsSEC1 = Self.pem("EC PRIVATE KEY", apiBytes(hex: Self.rfc6979PKCS8))
        let sec1AsPKCS8 = Self.pem("PRIVATE KEY", apiBytes(hex: Self.rfc6979SEC1))
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(pemRepresentation: pkcs8AsSEC1) }
        #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(pemRepresentation: sec1AsPKCS8) }
    }

    @Test("Malformed PEM is rejected: mismatched END label, bad base64, two blocks, no block")
    func malformedPEM() {
        let der = apiBytes(hex: Self.rfc6979PKCS8)
        let good = Self.pem("PRIVATE KEY", der)
        let mismatchedEnd = good.replacingOccurrences(of: "-----END PRIVATE KEY-----", with: "-----END PUBLIC KEY-----")
        let badBase64 = good.replacingOccurrences(of: "MIGHAgEA", with: "MIGH*gEA")
        let twoBlocks = good + good
        let cases = [
            "", "hello", "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n", mismatchedEnd, badBase64, twoBlocks,
            String(good.dropLast(10)),
        ]
        #expect(good.contains("MIGHAgEA"))
        for (index, pem) in cases.enumerated() {
            #expect(throws: (any Error).self, "case \(index)") { try P256.Signing.PrivateKey(pemRepresentation: pem) }
        }
    }

    @Test("Garbage is rejected by every private key initialiser")
    func privateGarbage() {
        let garbage: [[UInt8]] = [
            [], [0x30], [0x30, 0x00], [UInt8](repeating: 0xff, count: 138), Array("not a key at all".utf8),
            (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 97) },
        ]
        for bytes in garbage {
            #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: bytes) }
            #expect(throws: (any Error).self) { try P256.KeyAgreement.PrivateKey(derRepresentation: bytes) }
            #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(x963Representation: bytes) }
            #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(pemRepresentation: String(decoding: bytes, as: UTF8.self)) }
        }
    }

    @Test("Private keys on other curves (P-384, secp256k1, Ed25519) are rejected")
    func privateOtherCurves() {
        for der in [Self.p384PKCS8, Self.secp256k1PKCS8, Self.ed25519PKCS8] {
            #expect(throws: (any Error).self) { try P256.Signing.PrivateKey(derRepresentation: apiBytes(hex: der)) }
            #expect(throws: (any Error).self) { try P256.KeyAgreement.PrivateKey(pemRepresentation: Self.pem("PRIVATE KEY", apiBytes(hex: der))) }
        }
    }

    // MARK: - Invalid public keys

    @Test("A raw public key that is not 64 bytes is rejected", arguments: [0, 1, 32, 33, 63, 65, 96])
    func publicRawWrongLength(byteCount: Int) {
        let bytes = [UInt8](repeating: 0x04, count: byteCount)
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(rawRepresentation: bytes) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PublicKey(rawRepresentation: bytes) }
    }

    @Test("A public point that is not on the curve is rejected in every encoding")
    func publicPointNotOnCurve() throws {
        var raw = [UInt8](P256.Signing.PrivateKey().publicKey.rawRepresentation)
        raw[63] ^= 0x01
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(rawRepresentation: raw) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PublicKey(rawRepresentation: raw) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(x963Representation: [0x04] + raw) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(derRepresentation: apiBytes(hex: Self.spkiPrefix) + [0x04] + raw) }
        #expect(throws: (any Error).self) {
            try P256.Signing.PublicKey(pemRepresentation: Self.pem("PUBLIC KEY", apiBytes(hex: Self.spkiPrefix) + [0x04] + raw))
        }
        // (0, 0) and all-ones are not points either.
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(rawRepresentation: [UInt8](repeating: 0, count: 64)) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(rawRepresentation: [UInt8](repeating: 0xff, count: 64)) }
    }

    @Test("Coordinates not below the field prime are rejected")
    func publicCoordinatesOutOfField() {
        // X = p (the field prime) with G's Y: reduced mod p this would be another value.
        let p = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(rawRepresentation: apiBytes(hex: p + Self.generatorY)) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(compressedRepresentation: apiBytes(hex: "02" + p)) }
    }

    @Test("An x963 public key must be 65 bytes starting 0x04")
    func publicX963Prefix() throws {
        let x963 = [UInt8](P256.Signing.PrivateKey().publicKey.x963Representation)
        for prefix: UInt8 in [0x00, 0x02, 0x03, 0x05, 0x06, 0x07] {
            var changed = x963
            changed[0] = prefix
            #expect(throws: (any Error).self, "prefix \(prefix)") { try P256.Signing.PublicKey(x963Representation: changed) }
        }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(x963Representation: Array(x963.dropFirst())) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(x963Representation: x963 + [0]) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(x963Representation: [0x00]) }
    }

    @Test("A compressed public key must be 33 bytes starting 02 or 03 with an X on the curve")
    func publicCompressedInvalid() throws {
        let compressed = [UInt8](P256.Signing.PrivateKey().publicKey.compressedRepresentation)
        for prefix: UInt8 in [0x00, 0x04, 0x05] {
            var changed = compressed
            changed[0] = prefix
            #expect(throws: (any Error).self, "prefix \(prefix)") { try P256.Signing.PublicKey(compressedRepresentation: changed) }
        }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(compressedRepresentation: Array(compressed.dropLast())) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(compressedRepresentation: compressed + [0]) }
        // x = 1: x^3 - 3x + b is not a square mod p, so no point has this X.
        let noSuchPoint = [0x02] + [UInt8](repeating: 0, count: 31) + [0x01]
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(compressedRepresentation: noSuchPoint) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PublicKey(compressedRepresentation: noSuchPoint) }
    }

    @Test("Public key DER with a trailing byte, truncated, or on another curve is rejected")
    func publicDERInvalid() {
        let der = apiBytes(hex: Self.spkiPrefix + Self.rfc6979PublicX963)
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(derRepresentation: der + [0x00]) }
        #expect(throws: (any Error).self) { try P256.KeyAgreement.PublicKey(derRepresentation: der + [0x00]) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(derRepresentation: Array(der.dropLast())) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(derRepresentation: [UInt8]()) }
        for other in [Self.p384SPKI, Self.secp256k1SPKI, Self.ed25519SPKI] {
            #expect(throws: (any Error).self) { try P256.Signing.PublicKey(derRepresentation: apiBytes(hex: other)) }
        }
        // A private key's DER is not a public key.
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(derRepresentation: apiBytes(hex: Self.rfc6979PKCS8)) }
    }

    @Test("A public key PEM with a wrong label is rejected")
    func publicPEMWrongLabel() {
        let der = apiBytes(hex: Self.spkiPrefix + Self.rfc6979PublicX963)
        for label in ["PRIVATE KEY", "EC PUBLIC KEY", "CERTIFICATE", "public key"] {
            #expect(throws: (any Error).self, "label \(label)") { try P256.Signing.PublicKey(pemRepresentation: Self.pem(label, der)) }
        }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(pemRepresentation: Self.rfc6979SEC1PEM) }
        #expect(throws: (any Error).self) { try P256.Signing.PublicKey(pemRepresentation: "garbage") }
    }

    // MARK: - Signatures

    @Test("A signature verifies for its message and not for another message")
    func signAndVerify() throws {
        let key = P256.Signing.PrivateKey()
        let signature = try key.signature(for: Self.message)
        #expect(key.publicKey.isValidSignature(signature, for: Self.message))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("DeviceTrust attestation payloaD".utf8)))
        #expect(!key.publicKey.isValidSignature(signature, for: Self.message + [0]))
        #expect(!key.publicKey.isValidSignature(signature, for: Data()))
        #expect(!P256.Signing.PrivateKey().publicKey.isValidSignature(signature, for: Self.message))
    }

    @Test("The empty message can be signed and verified")
    func signEmpty() throws {
        let key = P256.Signing.PrivateKey()
        let signature = try key.signature(for: [UInt8]())
        #expect(key.publicKey.isValidSignature(signature, for: Data()))
    }

    @Test("Signing hashes with SHA-256: a signature over the message verifies against its SHA256Digest and vice versa")
    func signatureOverDigest() throws {
        let key = P256.Signing.PrivateKey()
        let digest = SHA256.hash(data: Self.message)
        let overData = try key.signature(for: Self.message)
        let overDigest = try key.signature(for: digest)
        #expect(key.publicKey.isValidSignature(overData, for: digest))
        #expect(key.publicKey.isValidSignature(overDigest, for: Self.message))
        #expect(!key.publicKey.isValidSignature(overDigest, for: SHA256.hash(data: Data())))
    }

    @Test("ECDSA signatures are randomised: two signatures differ and both verify")
    func signaturesAreRandomised() throws {
        let key = P256.Signing.PrivateKey()
        let a = try key.signature(for: Self.message)
        let b = try key.signature(for: Self.message)
        #expect(a.rawRepresentation != b.rawRepresentation)
        #expect(key.publicKey.isValidSignature(a, for: Self.message))
        #expect(key.publicKey.isValidSignature(b, for: Self.message))
    }

    @Test("The RFC 6979 signatures of \"sample\" and \"test\" verify under the RFC 6979 key")
    func rfc6979Signatures() throws {
        let key = try P256.Signing.PublicKey(x963Representation: apiBytes(hex: Self.rfc6979PublicX963))
        let sample = try P256.Signing.ECDSASignature(rawRepresentation: apiBytes(hex: Self.rfc6979SampleSignature))
        let test = try P256.Signing.ECDSASignature(rawRepresentation: apiBytes(hex: Self.rfc6979TestSignature))
        #expect(key.isValidSignature(sample, for: Data("sample".utf8)))
        #expect(key.isValidSignature(test, for: Data("test".utf8)))
        #expect(!key.isValidSignature(sample, for: Data("test".utf8)))
        #expect(!key.isValidSignature(test, for: Data("sample".utf8)))
    }

    @Test("A signature's raw form is r ‖ s, 64 bytes, and round-trips with DER")
    func signatureRawDERRoundTrip() throws {
        let key = P256.Signing.PrivateKey()
        for _ in 0..<16 {
            let signature = try key.signature(for: Self.message)
            let raw = signature.rawRepresentation
            let der = signature.derRepresentation
            #expect(raw.count == 64)
            #expect(der.first == 0x30)
            #expect(der.count >= 8 && der.count <= 72)
            let fromDER = try P256.Signing.ECDSASignature(derRepresentation: der)
            #expect(fromDER.rawRepresentation == raw)
            let fromRaw = try P256.Signing.ECDSASignature(rawRepresentation: raw)
            #expect(fromRaw.derRepresentation == der)
            #expect(key.publicKey.isValidSignature(fromDER, for: Self.message))
            #expect(apiArray(signature) == [UInt8](raw))
        }
    }

    @Test("The RFC 6979 signature has the expected DER encoding, with a 0x00 pad for a high first byte")
    func signatureDERKnownAnswer() throws {
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: apiBytes(hex: Self.rfc6979SampleSignature))
        let expected = "3046022100" + String(Self.rfc6979SampleSignature.prefix(64)) + "022100" + String(Self.rfc6979SampleSignature.suffix(64))
        #expect(apiHex(signature.derRepresentation) == expected)
        // r starts 0xf1 (padded), s starts 0x01 (not padded).
        let test = try P256.Signing.ECDSASignature(rawRepresentation: apiBytes(hex: Self.rfc6979TestSignature))
        #expect(
            apiHex(test.derRepresentation) == "3045022100" + String(Self.rfc6979TestSignature.prefix(64)) + "0220"
                + String(Self.rfc6979TestSignature.suffix(64)))
    }

    @Test("Small r and s are DER-encoded minimally and decoded back to 32-byte components")
    func signatureSmallComponents() throws {
        var raw = [UInt8](repeating: 0, count: 64)
        raw[31] = 1
        raw[63] = 0x7f
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: raw)
        #expect(apiHex(signature.derRepresentation) == "3006020101" + "02017f")
        let back = try P256.Signing.ECDSASignature(derRepresentation: apiBytes(hex: "3007" + "020101" + "02020080"))
        #expect(back.rawRepresentation.count == 64)
        #expect(apiHex(back.rawRepresentation) == String(repeating: "00", count: 31) + "01" + String(repeating: "00", count: 31) + "80")
    }

    @Test("A signature with any single flipped byte does not verify")
    func flippedSignatureByte() throws {
        let key = P256.Signing.PrivateKey()
        let raw = [UInt8](try key.signature(for: Self.message).rawRepresentation)
        for index in raw.indices {
            var flipped = raw
            flipped[index] ^= 0x01
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: flipped)
            #expect(!key.publicKey.isValidSignature(signature, for: Self.message), "byte \(index) flipped")
        }
    }

    @Test("Signatures with r or s equal to 0 or to n do not verify")
    func signatureComponentsOutOfRange() throws {
        let key = P256.Signing.PrivateKey()
        let raw = [UInt8](try key.signature(for: Self.message).rawRepresentation)
        let zero = [UInt8](repeating: 0, count: 32)
        let n = apiBytes(hex: Self.order)
        let r = Array(raw[0..<32]), s = Array(raw[32...])
        for candidate in [zero + s, r + zero, zero + zero, n + s, r + n, n + n] {
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: candidate)
            #expect(!key.publicKey.isValidSignature(signature, for: Self.message))
        }
    }

    @Test("A raw signature that is not 64 bytes is rejected with incorrectParameterSize", arguments: [0, 1, 32, 63, 65, 72])
    func signatureRawWrongLength(byteCount: Int) {
        #expect(throws: CryptoKitError.incorrectParameterSize) {
            try P256.Signing.ECDSASignature(rawRepresentation: [UInt8](repeating: 1, count: byteCount))
        }
    }

    @Test("A DER signature with a trailing byte, BER lengths, padded or negative integers is rejected")
    func signatureDERStrict() throws {
        let der = [UInt8](try P256.Signing.ECDSASignature(rawRepresentation: apiBytes(hex: Self.rfc6979TestSignature)).derRepresentation)
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: der + [0x00]) }
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: Array(der.dropLast())) }
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: [UInt8]()) }
        // Long-form length where the short form fits.
        let longForm = [0x30, 0x81] + Array(der[1...])
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: longForm) }
        // A superfluous leading zero on an integer: 02 01 01 -> 02 02 00 01.
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: apiBytes(hex: "3007" + "02020001" + "020101")) }
        // A negative integer.
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: apiBytes(hex: "3006" + "020181" + "020101")) }
        // An integer wider than 32 bytes.
        #expect(throws: (any Error).self) {
            try P256.Signing.ECDSASignature(derRepresentation: apiBytes(hex: "3026" + "022101" + String(repeating: "00", count: 32) + "020101"))
        }
        // A third integer, a wrong outer tag, and garbage.
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: apiBytes(hex: "3009020101020101020101")) }
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: apiBytes(hex: "3106020101020101")) }
        #expect(throws: (any Error).self) { try P256.Signing.ECDSASignature(derRepresentation: Array("garbage".utf8)) }
    }

    @Test("One key can sign and verify from many tasks at once")
    func concurrentUse() async throws {
        let key = P256.Signing.PrivateKey()
        let publicKey = key.publicKey
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let message = Data("message \(index)".utf8)
                    let signature = try key.signature(for: message)
                    return publicKey.isValidSignature(signature, for: message)
                        && !publicKey.isValidSignature(signature, for: Data("other \(index)".utf8))
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 })
    }

    @Test("A private key's description does not contain its scalar")
    func privateKeyDescriptionRedacted() throws {
        let key = try P256.Signing.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        let agreement = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc6979Scalar))
        for text in [key.description, String(reflecting: key), agreement.description, String(reflecting: agreement)] {
            #expect(!text.lowercased().contains("c9afa9d8"))
            #expect(!text.contains("MHcCAQEEIMmvqdhFunUWa1whV2ex1pNOUMPbNuibEnuKYisSD2cho"))
        }
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.lowercased().contains("c9afa9d8"))
    }

    // MARK: - Key agreement

    @Test("Both sides of a key agreement derive the same 32-byte shared secret")
    func keyAgreementSymmetric() throws {
        let alice = P256.KeyAgreement.PrivateKey()
        let bob = P256.KeyAgreement.PrivateKey()
        let aliceSecret = try alice.sharedSecretFromKeyAgreement(with: bob.publicKey)
        let bobSecret = try bob.sharedSecretFromKeyAgreement(with: alice.publicKey)
        #expect(aliceSecret == bobSecret)
        #expect(apiArray(aliceSecret).count == 32)
        #expect(apiArray(aliceSecret) == apiArray(bobSecret))
        // Another peer gives another secret.
        let carol = P256.KeyAgreement.PrivateKey()
        #expect(try alice.sharedSecretFromKeyAgreement(with: carol.publicKey) != aliceSecret)
    }

    @Test("Key agreement matches RFC 5903 §8.1")
    func keyAgreementRFC5903() throws {
        let initiator = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc5903InitiatorScalar))
        let responder = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc5903ResponderScalar))
        #expect(apiHex(initiator.publicKey.x963Representation) == Self.rfc5903InitiatorPublic)
        #expect(apiHex(responder.publicKey.x963Representation) == Self.rfc5903ResponderPublic)
        let responderPublic = try P256.KeyAgreement.PublicKey(x963Representation: apiBytes(hex: Self.rfc5903ResponderPublic))
        let initiatorPublic = try P256.KeyAgreement.PublicKey(x963Representation: apiBytes(hex: Self.rfc5903InitiatorPublic))
        #expect(apiHex(contiguous: try initiator.sharedSecretFromKeyAgreement(with: responderPublic)) == Self.rfc5903SharedSecret)
        #expect(apiHex(contiguous: try responder.sharedSecretFromKeyAgreement(with: initiatorPublic)) == Self.rfc5903SharedSecret)
    }

    @Test("hkdfDerivedSymmetricKey is HKDF over the shared secret, and both sides get the same key")
    func hkdfDerivedKey() throws {
        let initiator = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc5903InitiatorScalar))
        let responder = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc5903ResponderScalar))
        let salt = Data("salt".utf8)
        let info = Data("DeviceTrust v1".utf8)
        let a = try initiator.sharedSecretFromKeyAgreement(with: responder.publicKey)
            .hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: 32)
        let b = try responder.sharedSecretFromKeyAgreement(with: initiator.publicKey)
            .hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: 32)
        #expect(a == b)
        #expect(a.bitCount == 256)
        let expected = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: apiBytes(hex: Self.rfc5903SharedSecret)), salt: salt, info: info, outputByteCount: 32)
        #expect(a == expected)
        // Python: HKDF(SHA256, 32, b"salt", b"DeviceTrust v1").derive(rfc5903 shared secret)
        #expect(apiHex(contiguous: a) == Self.rfc5903HKDF)
        // A different info gives a different key.
        let other = try initiator.sharedSecretFromKeyAgreement(with: responder.publicKey)
            .hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: Data("other".utf8), outputByteCount: 32)
        #expect(other != a)
    }

    static let rfc5903HKDF = "f1f814ddaade888e107cb474947a37bc07f0d35947c290ebc54a5e9861de4942"

    @Test("x963DerivedSymmetricKey is the ANSI X9.63 KDF over the shared secret")
    func x963DerivedKey() throws {
        let initiator = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc5903InitiatorScalar))
        let responderPublic = try P256.KeyAgreement.PublicKey(x963Representation: apiBytes(hex: Self.rfc5903ResponderPublic))
        let key = try initiator.sharedSecretFromKeyAgreement(with: responderPublic)
            .x963DerivedSymmetricKey(using: SHA256.self, sharedInfo: Data("DeviceTrust v1".utf8), outputByteCount: 40)
        // Python: X963KDF(SHA256, 40, b"DeviceTrust v1").derive(rfc5903 shared secret)
        #expect(apiHex(contiguous: key) == Self.rfc5903X963KDF)
    }

    static let rfc5903X963KDF = "68af7bdaa130d3d93f458ff30c3cd0c7a42a499c1e8e638be14131387e98ded19cae629d79a7f21b"

    @Test("A shared secret's description does not leak it")
    func sharedSecretDescription() throws {
        let initiator = try P256.KeyAgreement.PrivateKey(rawRepresentation: apiBytes(hex: Self.rfc5903InitiatorScalar))
        let responderPublic = try P256.KeyAgreement.PublicKey(x963Representation: apiBytes(hex: Self.rfc5903ResponderPublic))
        let secret = try initiator.sharedSecretFromKeyAgreement(with: responderPublic)
        for text in [secret.description, "\(secret)", String(reflecting: secret)] {
            #expect(!text.isEmpty)
            #expect(!text.lowercased().contains("d6840f6b"))
            #expect(!text.lowercased().contains(Self.rfc5903SharedSecret))
        }
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.lowercased().contains("d6840f6b"))
        #expect(!dumped.contains("214, 132"))
    }
}
