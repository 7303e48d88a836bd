import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing

@Suite("Public keys arrive as SPKI DER or a 65-byte X9.63 point on P-256, nothing else")
struct PublicKeyEncodingTests {
    private func error(_ bytes: Data) -> WireFormatError? {
        thrownError { () throws(WireFormatError) in try PublicKeyEncoding.decode(base64url: Base64URL.encode(bytes)) }
    }

    @Test("both accepted forms decode to the same key")
    func acceptedForms() throws {
        let key = P256.Signing.PrivateKey().publicKey
        let fromX963 = try PublicKeyEncoding.decode(base64url: Base64URL.encode(key.x963Representation))
        let fromSPKI = try PublicKeyEncoding.decode(base64url: Base64URL.encode(key.derRepresentation))
        #expect(fromX963.x963Representation == key.x963Representation)
        #expect(fromSPKI.x963Representation == key.x963Representation)
        #expect(try PublicKeyEncoding.decode(base64url: PublicKeyEncoding.encode(key)).x963Representation == key.x963Representation)
    }

    @Test("other encodings of a valid key are refused: raw, compressed, compressed SPKI, padded")
    func otherEncodings() {
        let key = P256.Signing.PrivateKey().publicKey
        for bytes in [
            key.rawRepresentation, key.compressedRepresentation, key.x963Representation + [0],
            key.derRepresentation + [0], key.derRepresentation.dropLast(), Data(),
        ] {
            #expect(error(Data(bytes))?.code == .invalidPublicKey)
        }
    }

    @Test("a point that is not on the curve is refused in either form")
    func offCurve() {
        var point = P256.Signing.PrivateKey().publicKey.x963Representation
        point[64] ^= 0x01
        #expect(error(point)?.code == .invalidPublicKey)
        #expect(error(Data([0x04] + [UInt8](repeating: 0, count: 64)))?.code == .invalidPublicKey)
        var spki = P256.Signing.PrivateKey().publicKey.derRepresentation
        spki[spki.count - 1] ^= 0x01
        #expect(error(spki)?.code == .invalidPublicKey)
    }

    @Test("bad base64url is reported as such")
    func badBase64() {
        let error = thrownError { () throws(WireFormatError) in try PublicKeyEncoding.decode(base64url: "a+b/") }
        #expect(error?.code == .invalidBase64URL)
    }
}

@Suite("Signatures arrive as strict DER only")
struct SignatureEncodingTests {
    private func error(_ bytes: Data) -> WireFormatError? {
        thrownError { () throws(WireFormatError) in try SignatureEncoding.strictDERSignature(base64url: Base64URL.encode(bytes)) }
    }

    @Test("a DER signature decodes and verifies")
    func accepted() throws {
        let key = P256.Signing.PrivateKey()
        let signature = try key.signature(for: Data("payload".utf8))
        let decoded = try SignatureEncoding.strictDERSignature(base64url: SignatureEncoding.encode(signature))
        #expect(key.publicKey.isValidSignature(decoded, for: Data("payload".utf8)))
    }

    @Test("raw r‖s, trailing bytes, long-form lengths and padded integers are refused")
    func refused() throws {
        let signature = try P256.Signing.PrivateKey().signature(for: Data("payload".utf8))
        let der = signature.derRepresentation
        #expect(error(signature.rawRepresentation)?.code == .invalidSignature)
        #expect(error(der + [0x00])?.code == .invalidSignature)
        #expect(error(Data([0x30, 0x81]) + der.dropFirst())?.code == .invalidSignature)
        // r with a superfluous leading zero byte.
        let raw = [UInt8](signature.rawRepresentation)
        func integer(_ bytes: [UInt8]) -> [UInt8] { [0x02, UInt8(bytes.count)] + bytes }
        let paddedR = integer([0x00, 0x00] + raw[0..<32]) + integer([0x00] + raw[32...])
        #expect(error(Data([0x30, UInt8(paddedR.count)] + paddedR))?.code == .invalidSignature)
        #expect(error(Data(repeating: 0x30, count: 80))?.code == .invalidSignature)
        #expect(error(Data())?.code == .invalidSignature)
    }

    @Test("the error never carries the signature")
    func quiet() throws {
        let text = Base64URL.encode(Data([0x30, 0x03, 0x02, 0x01, 0x01]))
        let error = thrownError { () throws(WireFormatError) in try SignatureEncoding.strictDERSignature(base64url: text) }
        #expect(!String(describing: error!).contains(text))
    }
}

@Suite("A PIN is 6 to 12 ASCII digits and never shows them")
struct PINTests {
    @Test("lengths 6 to 12 of digits are accepted", arguments: 6...12)
    func accepted(_ length: Int) throws {
        let digits = String(repeating: "7", count: length)
        #expect(try PIN(digits).revealedDigits == digits)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "", "12345", "1234567890123", "12345a", "123 456", " 123456", "123456 ", "-123456", "+123456",
            "１２３４５６", "١٢٣٤٥٦", "123456\n", "12345.6",
        ]
    )
    func refused(_ text: String) {
        let error = thrownError { () throws(WireFormatError) in try PIN(text) }
        #expect(error?.code == .invalidPIN)
        if let error, text.count >= 6 { #expect(!error.description.contains(text)) }
    }

    @Test("description, interpolation, debugDescription and dump hide the digits")
    func redacted() throws {
        let pin = try PIN("424242")
        var dumped = ""
        dump(pin, to: &dumped)
        for shown in [pin.description, "\(pin)", String(reflecting: pin), dumped, String(describing: [pin])] {
            #expect(!shown.contains("424242"))
        }
    }

    @Test("the server reads the digits through a scoped buffer")
    func scopedDigits() throws {
        let bytes = try PIN("0123456789").withUnsafeBytes { Array($0) }
        #expect(bytes == Array("0123456789".utf8))
    }

    @Test("PINs compare by their digits")
    func equality() throws {
        #expect(try PIN("123456") == PIN("123456"))
        #expect(try PIN("123456") != PIN("123457"))
        #expect(try PIN("123456") != PIN("1234567"))
    }
}
