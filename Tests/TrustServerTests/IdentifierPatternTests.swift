import DeviceBinding
import DeviceTrustCrypto
import Foundation
import Testing
@testable import TrustServer

/// A string schema of docs/openapi.yaml's `components.schemas`, read line by line: its
/// `pattern`, `minLength` and `maxLength` (the subset OpenAPIDocumentTests' reader accepts:
/// a schema name at four spaces, its keywords at six, patterns in single quotes).
struct StringSchema {
    let pattern: NSRegularExpression
    let minLength: Int?
    let maxLength: Int?

    init(named name: String, in text: String) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let schemas = try #require(lines.firstIndex(of: "  schemas:"), "no `  schemas:` line")
        let start = try #require(lines[schemas...].firstIndex(of: "    \(name):"), "no schema \(name)")
        var keywords: [String: String] = [:]
        for line in lines[(start + 1)...] {
            if line.hasPrefix("    ") && !line.hasPrefix("     ") { break }
            guard line.hasPrefix("      "), !line.hasPrefix("       "), let colon = line.firstIndex(of: ":") else { continue }
            let key = line.dropFirst(6)[..<colon]
            keywords[String(key)] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var source = try #require(keywords["pattern"], "schema \(name) has no pattern")
        #expect(source.hasPrefix("'") && source.hasSuffix("'"), "the pattern of \(name) should be in single quotes")
        source = String(source.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        pattern = try NSRegularExpression(pattern: source)
        minLength = keywords["minLength"].flatMap { Int($0) }
        maxLength = keywords["maxLength"].flatMap { Int($0) }
    }

    /// Whether the schema accepts `text` as JSON Schema does: the pattern found anywhere
    /// by ECMA-262 rules (here: `$` only at the very end, so a match that stops before a
    /// trailing line break does not count), lengths in Unicode scalars.
    func accepts(_ text: String) -> Bool {
        let count = text.unicodeScalars.count
        if let minLength, count < minLength { return false }
        if let maxLength, count > maxLength { return false }
        let whole = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: whole).contains { $0.range == whole }
    }
}

@Suite("The OpenAPI document's patterns agree with the server's validators")
struct IdentifierPatternTests {
    let document: String

    init() throws { document = try OpenAPIDocumentTests.documentText() }

    func schema(_ name: String) throws -> StringSchema { try StringSchema(named: name, in: document) }

    /// Samples that probe each boundary: lengths at and past the limits, each end, each
    /// character class, a trailing line break.
    static let textSamples: [String] =
        [
            "", "a", "acct-42", "user@example.com", "a b", " a", "a ", " ", "~", "!", "a\nb", "acct\n", "a\tb", "\u{7F}", "\u{85}",
            "\u{9F}", "\u{A0}", "é", "Anna's iPhone", "Телефон Анны", "📱", "acct\u{200B}", "\u{FEFF}x", "x\u{2028}y", "\u{0}",
        ] + [1, 63, 64, 65, 255, 256, 257].flatMap { [String(repeating: "x", count: $0), String(repeating: "😀", count: $0)] }

    /// Whether the schema admits every sample the server accepts, and is exact on ASCII
    /// (where bytes are characters and no format character exists).
    func expectSchema(_ schema: StringSchema, admits isValid: (String) -> Bool, samples: [String]) {
        for text in samples {
            if isValid(text) { #expect(schema.accepts(text), "the schema refuses \(text.debugDescription), which the server accepts") }
            if text.unicodeScalars.allSatisfy(\.isASCII) {
                #expect(schema.accepts(text) == isValid(text), "\(text.debugDescription)")
            }
        }
    }

    @Test("AccountId admits every identifier AccountIdentifier accepts, and exactly those in ASCII")
    func accountIdentifier() throws {
        expectSchema(
            try schema("AccountId"), admits: AccountIdentifier.isValid,
            samples: Self.textSamples + ["a~", "~ ~", " ~", String(repeating: "a b", count: 85), "пользователь-7", "\u{A0}x"])
    }

    @Test("DeviceName admits every name DeviceName accepts, and exactly those in ASCII")
    func deviceName() throws {
        let schema = try schema("DeviceName")
        expectSchema(schema, admits: DeviceName.isValid, samples: Self.textSamples)
        for scalar in (0...0x2FF).compactMap(Unicode.Scalar.init) {
            #expect(schema.accepts(String(scalar)) == DeviceName.isValid(String(scalar)), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("the account identifier rule is what createEnrollment enforces")
    func serviceUsesAccountRule() throws {
        let fixture = try ServiceFixture()
        for text in ["acct-42", " acct", "é", "acct\u{200B}", String(repeating: "x", count: 256), String(repeating: "x", count: 257)] {
            let accepted = (try? fixture.service.createEnrollment(accountId: text)) != nil
            #expect(accepted == AccountIdentifier.isValid(text), "\(text.debugDescription)")
        }
    }

    @Test("ServerIdentifier matches every identifier the server makes, and not their neighbours")
    func serverIdentifier() throws {
        let schema = try schema("ServerIdentifier")
        let fixture = try ServiceFixture()
        for _ in 0..<200 {
            let identifier = fixture.service.newIdentifier()
            #expect(schema.accepts(identifier), "\(identifier)")
            #expect(!schema.accepts(identifier + "A") && !schema.accepts(String(identifier.dropLast())))
        }
        #expect(!schema.accepts("3q2-7wZmRlqgC0F8mZ4pXB"), "non-zero trailing bits")
        #expect(schema.accepts("3q2-7wZmRlqgC0F8mZ4pXA"))
    }

    @Test("Base64URL accepts exactly what Base64URL.decode accepts")
    func base64URL() throws {
        let schema = try schema("Base64URL")
        var samples = ["", "A", "AA", "AQ", "AB", "AAA", "AAE", "AAB", "AAAA", "AAAAA", "-_-_", "+/+/", "AA==", "AA\n", "A A", "YQ", "YR"]
        for count in 0..<40 {
            samples.append(Base64URL.encode(Data((0..<count).map { _ in UInt8.random(in: 0...255) })))
        }
        for text in samples {
            #expect(schema.accepts(text) == ((try? Base64URL.decode(text)) != nil), "\(text.debugDescription)")
        }
    }

    @Test("PublicKey matches both wire forms of real keys and refuses other lengths and prefixes")
    func publicKey() throws {
        let schema = try schema("PublicKey")
        for _ in 0..<50 {
            let key = P256.Signing.PrivateKey().publicKey
            let x963 = Base64URL.encode(key.x963Representation)
            let spki = Base64URL.encode(key.derRepresentation)
            #expect(schema.accepts(x963) && schema.accepts(spki), "\(x963) \(spki)")
            #expect((try? PublicKeyEncoding.decode(base64url: x963)) != nil && (try? PublicKeyEncoding.decode(base64url: spki)) != nil)
            #expect(!schema.accepts(Base64URL.encode(key.rawRepresentation)) && !schema.accepts(Base64URL.encode(key.compressedRepresentation)))
            #expect((try? PublicKeyEncoding.decode(base64url: Base64URL.encode(key.compressedRepresentation))) == nil)
        }
        // Every text the pattern refuses, the decoder refuses too (the converse needs the curve).
        for bytes in [
            Data(count: 64), Data([0x04] + Array(repeating: 0, count: 63)), Data([0x30] + Array(repeating: 0, count: 90)),
            Data([0x05] + Array(repeating: 1, count: 64)),
        ] {
            let text = Base64URL.encode(bytes)
            #expect(!schema.accepts(text) || bytes.count == 91 || bytes.count == 65)
            #expect((try? PublicKeyEncoding.decode(base64url: text)) == nil)
        }
    }

    @Test("Signature matches every real signature and refuses what cannot be strict DER")
    func signature() throws {
        let schema = try schema("Signature")
        let key = P256.Signing.PrivateKey()
        for index in 0..<200 {
            let signature = try key.signature(for: Data("message \(index)".utf8))
            let text = SignatureEncoding.encode(signature)
            #expect(schema.accepts(text), "\(text)")
            #expect((try? SignatureEncoding.strictDERSignature(base64url: text)) != nil)
        }
        for bytes in [Data([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01]), Data([0x31] + Array(repeating: 1, count: 9)), Data(repeating: 0x30, count: 73)] {
            let text = Base64URL.encode(bytes)
            #expect(!schema.accepts(text), "\(bytes as NSData)")
            #expect((try? SignatureEncoding.strictDERSignature(base64url: text)) == nil)
        }
    }

    @Test("PIN is exactly what PIN accepts")
    func pin() throws {
        let schema = try schema("PIN")
        for text in ["", "12345", "123456", "123456789012", "1234567890123", "12345a", " 123456", "123456\n", "１２３４５６", "-123456"] {
            #expect(schema.accepts(text) == ((try? PIN(text)) != nil), "\(text.debugDescription)")
        }
    }
}
