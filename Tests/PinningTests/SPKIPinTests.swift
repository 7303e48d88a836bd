import Foundation
import Pinning
import Testing

/// `SPKIPin` computes the SPKI-SHA256-BASE64 value exactly as the reference openssl
/// pipeline does, for every key type — where TrustKit's fixed headers fail.
@Suite("SPKI pins")
struct SPKIPinTests {
    /// `openssl req` key options for each key type a server may use.
    static let keyTypes: [(name: String, options: String)] = [
        ("RSA 2048", "-newkey rsa:2048"),
        ("RSA 3072", "-newkey rsa:3072"),
        ("RSA 2048 with exponent 3", "-newkey rsa:2048 -pkeyopt rsa_keygen_pubexp:3"),
        ("EC P-256", "-newkey ec -pkeyopt ec_paramgen_curve:P-256"),
        ("EC P-384", "-newkey ec -pkeyopt ec_paramgen_curve:P-384"),
        ("EC P-521", "-newkey ec -pkeyopt ec_paramgen_curve:P-521"),
        ("Ed25519", "-newkey ed25519"),
    ]

    @Test("The pin equals the openssl pipeline's SHA-256 of the DER SubjectPublicKeyInfo", arguments: keyTypes)
    func pinMatchesOpenSSLPipeline(keyType: (name: String, options: String)) throws {
        let openssl = try OpenSSLCommandLine()
        try openssl.shell("openssl req -x509 \(keyType.options) -nodes -subj /CN=x -days 1 -keyout k -out c 2>/dev/null")
        try openssl.shell("openssl x509 -in c -outform der -out c.der")
        let expected = try openssl.shell(
            "openssl x509 -in c -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        ).trimmingCharacters(in: .whitespacesAndNewlines)

        let pin = try SPKIPin.pin(forCertificate: try openssl.read("c.der"))

        #expect(expected.count == 44, "the openssl pipeline printed \(expected)")
        #expect(pin == expected, "\(keyType.name)")
    }

    @Test("The pin of a certificate is the pin of the key it certifies, whatever else the certificate says")
    func pinDependsOnTheKeyOnly() throws {
        let key = try TestPKI.key()
        let authority = try TestAuthority(name: "Any CA")
        let first = try authority.chain(host: "a.example.test", leafKey: key)[0]
        let second = try authority.chain(host: "b.example.test", leafKey: key)[0]

        #expect(first != second)
        #expect(try SPKIPin.pin(forCertificate: first) == TestPKI.pin(of: key))
        #expect(try SPKIPin.pin(forCertificate: second) == TestPKI.pin(of: key))
    }

    @Test("Input that is not one DER certificate throws malformedCertificate")
    func malformedInputThrows() throws {
        let valid = try TestAuthority(name: "Any CA").chain(host: "x.test", leafKey: try TestPKI.key())[0]
        let pem = Data("-----BEGIN CERTIFICATE-----\n\(valid.base64EncodedString())\n-----END CERTIFICATE-----\n".utf8)
        let malformed: [(String, Data)] = [
            ("empty", Data()),
            ("random bytes", Data([0x01, 0x02, 0x03, 0x04])),
            ("PEM text instead of DER", pem),
            ("truncated DER", valid.prefix(valid.count - 1)),
            ("a trailing byte after the certificate", valid + [0x00]),
        ]
        for (name, input) in malformed {
            #expect(throws: PinningError(code: .malformedCertificate), "\(name)") {
                try SPKIPin.pin(forCertificate: input)
            }
        }
    }
}
