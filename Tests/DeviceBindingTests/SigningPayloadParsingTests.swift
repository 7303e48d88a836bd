import DeviceBinding
import Foundation
import RepositoryTestSupport
import Testing

@Suite("The signing payload parser rejects any deviation and says where")
struct SigningPayloadParsingTests {
    private func parse(_ lines: [String]) -> SigningPayloadError? {
        thrownError { () throws(SigningPayloadError) in try SigningPayload(parsing: Fixtures.text(lines)) }
    }

    private func parse(_ data: Data) -> SigningPayloadError? {
        thrownError { () throws(SigningPayloadError) in try SigningPayload(parsing: data) }
    }

    @Test("the contract's challenge and enrollment texts parse to their fields")
    func parsesValidPayloads() throws {
        let challenge = try SigningPayload(parsing: Fixtures.text(Fixtures.challengeLines))
        #expect(challenge == (try Fixtures.challengePayload()))
        #expect(challenge.subject == .challenge(device: "dev-7", key: .biometric, purpose: .action))
        #expect(challenge.nonce == Fixtures.nonce)
        #expect(challenge.expires.description == Fixtures.expiresText)
        let enrollment = try SigningPayload(parsing: Fixtures.text(Fixtures.enrollmentLines))
        #expect(enrollment == (try Fixtures.enrollmentPayload()))
    }

    @Test("every purpose and key kind parses back", arguments: Purpose.allCases)
    func everyPurpose(_ purpose: Purpose) throws {
        for key in KeyKind.allCases {
            let payload = try SigningPayload.challenge(
                id: "c", nonce: Fixtures.nonce, account: "a", device: "d", key: key, purpose: purpose,
                action: purpose == .action ? Fixtures.action : nil, expires: Fixtures.expires
            )
            #expect(try SigningPayload(parsing: payload.rendered) == payload)
        }
    }

    @Test("a space appended to any line is rejected on that line", arguments: 0..<10)
    func trailingSpace(_ index: Int) {
        for lines in [Fixtures.challengeLines, Fixtures.enrollmentLines] {
            var changed = lines
            changed[index] += " "
            #expect(parse(changed)?.line == index + 1)
        }
    }

    @Test("a space before any line is rejected on that line", arguments: 0..<10)
    func leadingSpace(_ index: Int) {
        var lines = Fixtures.challengeLines
        lines[index] = " " + lines[index]
        let error = parse(lines)
        #expect(error?.line == index + 1)
        #expect(error?.code == .unexpectedLine)
    }

    @Test("a carriage return before any line's \\n is rejected on that line", arguments: 0..<10)
    func carriageReturn(_ index: Int) {
        var lines = Fixtures.challengeLines
        lines[index] += "\r"
        let error = parse(lines)
        #expect(error?.code == .carriageReturn)
        #expect(error?.line == index + 1)
    }

    @Test("two neighbouring fields swapped are rejected at the first of them", arguments: 1..<9)
    func swappedLines(_ index: Int) {
        var lines = Fixtures.challengeLines
        lines.swapAt(index, index + 1)
        let error = parse(lines)
        #expect(error?.code == .unexpectedLine)
        #expect(error?.line == index + 1)
    }

    @Test("a missing field is rejected where it should have been", arguments: 1..<10)
    func missingLine(_ index: Int) {
        var lines = Fixtures.challengeLines
        lines.remove(at: index)
        let error = parse(lines)
        #expect(error?.line == index + 1)
        #expect(error?.code == (index == 9 ? .missingLine : .unexpectedLine))
    }

    @Test("a repeated line or any line after `expires` is rejected")
    func extraLines() {
        var repeated = Fixtures.challengeLines
        repeated.insert(repeated[3], at: 4)
        #expect(parse(repeated)?.line == 5)
        let trailing = parse(Fixtures.challengeLines + ["x: y"])
        #expect(trailing?.code == .unexpectedLine)
        #expect(trailing?.line == 11)
        #expect(parse(Fixtures.challengeLines + [""])?.line == 11)
    }

    @Test("the last line must end with \\n and nothing may follow it")
    func termination() {
        var data = Fixtures.text(Fixtures.challengeLines)
        data.removeLast()
        #expect(parse(data)?.code == .missingLine)
        #expect(parse(Fixtures.text(Fixtures.challengeLines) + Data("trailing".utf8))?.line == 11)
        #expect(parse(Data())?.code == .missingLine)
    }

    @Test("misspelt names, a missing space or an extra space after the colon are rejected")
    func nameAndSeparator() {
        for replacement in [
            "nonce:\(Fixtures.nonceBase64URL)", "nonce:  \(Fixtures.nonceBase64URL)", "Nonce: \(Fixtures.nonceBase64URL)",
            "nonce : \(Fixtures.nonceBase64URL)", "nonce:\t\(Fixtures.nonceBase64URL)",
        ] {
            var lines = Fixtures.challengeLines
            lines[3] = replacement
            let error = parse(lines)
            #expect(error?.line == 4, "\(replacement)")
        }
    }

    @Test("another protocol version is refused as unsupported")
    func otherVersion() {
        var lines = Fixtures.challengeLines
        lines[0] = "devicetrust-v2"
        #expect(parse(lines)?.code == .unsupportedVersion)
        lines[0] = "DeviceTrust-v1"
        #expect(parse(lines)?.code == .unexpectedLine)
    }

    @Test(
        "malformed values are rejected with the line of their field",
        arguments: [
            (1, "kind: login"), (1, "kind: Challenge"), (1, "kind: "),
            (2, "id: "),
            (3, "nonce: \(Fixtures.nonceBase64URL)="),  // padding
            (3, "nonce: AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+"),  // '+'
            (3, "nonce: AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9"),  // non-zero trailing bits
            (3, "nonce: AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHg"),  // 31 bytes
            (3, "nonce: AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gIQ"),  // 34 bytes
            (4, "account: "), (4, "account: a\u{7F}b"),
            (5, "device: "), (6, "key: face"), (6, "key: "),
            (7, "purpose: enroll"), (7, "purpose: pin-change"), (7, "purpose: "),
            (8, "action-sha256: \(Fixtures.actionSHA256.uppercased())"),
            (8, "action-sha256: \(Fixtures.actionSHA256.dropLast())"),
            (8, "action-sha256: "),  // `action` needs a hash
            (9, "expires: 2026-01-31T23:59:59.5Z"), (9, "expires: 2026-01-31T23:59:59+00:00"),
            (9, "expires: 2026-01-31 23:59:59Z"), (9, "expires: 2026-02-30T00:00:00Z"),
            (9, "expires: 2026-01-31t23:59:59z"), (9, "expires: 1767225599"),
        ]
    )
    func malformedValues(_ index: Int, _ line: String) {
        var lines = Fixtures.challengeLines
        lines[index] = line
        let error = parse(lines)
        #expect(error != nil)
        #expect(error?.line == index + 1)
        #expect(error?.field == ["kind", "id", "nonce", "account", "device", "key", "purpose", "action-sha256", "expires"][index - 1])
    }

    @Test("an enrollment must leave device, key and action empty and use the purpose `enroll`")
    func enrollmentShape() {
        for (index, line) in [(5, "device: dev-7"), (6, "key: device"), (7, "purpose: unlock"), (8, "action-sha256: \(Fixtures.actionSHA256)")] {
            var lines = Fixtures.enrollmentLines
            lines[index] = line
            #expect(parse(lines)?.line == index + 1)
        }
    }

    @Test("input over 4 KiB is refused before parsing, and invalid UTF-8 is refused")
    func sizeAndEncoding() {
        #expect(parse(Data(repeating: 0x41, count: 4097))?.code == .tooLarge)
        var lines = Fixtures.challengeLines
        lines[4] = "account: acct"
        var data = Fixtures.text(lines)
        data.insert(0xFF, at: data.count - 30)
        #expect(parse(data)?.code == .notUTF8)
    }

    @Test("the error message names the line and field but never the value")
    func errorMessage() {
        var lines = Fixtures.challengeLines
        lines[4] = "account: secret-account-\u{1}"
        let error = parse(lines)
        let message = error.map(String.init(describing:)) ?? ""
        #expect(message.contains("line 5"))
        #expect(message.contains("`account`"))
        #expect(!message.contains("secret-account"))
    }

    @Test("parse(render(x)) == x for 500 generated payloads, including non-ASCII identifiers")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 0xD1CE)
        let alphabet = Array("abcXYZ019-_.@ äöü€😀用")
        func identifier() -> String {
            var text = String((0..<Int.random(in: 1...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            text = text.trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? "x" : text
        }
        for _ in 0..<500 {
            let nonce = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let expires = try RFC3339Timestamp(secondsSince1970: Int64.random(in: 0...253_402_300_799, using: &generator))
            let payload: SigningPayload
            if Bool.random(using: &generator) {
                payload = try .enrollment(id: identifier(), nonce: nonce, account: identifier(), expires: expires)
            } else {
                let purpose = Purpose.allCases.randomElement(using: &generator)!
                let action: JSONValue? =
                    purpose == .action || Bool.random(using: &generator)
                    ? ["n": .number(Double(Int.random(in: 0...1000, using: &generator)))] : nil
                payload = try .challenge(
                    id: identifier(), nonce: nonce, account: identifier(), device: identifier(),
                    key: KeyKind.allCases.randomElement(using: &generator)!, purpose: purpose, action: action, expires: expires
                )
            }
            #expect(try SigningPayload(parsing: payload.rendered) == payload)
            #expect(payload.rendered.count <= SigningPayload.maximumByteCount)
        }
    }

    @Test("the largest possible payload still fits in the 4 KiB limit")
    func largestPayload() throws {
        let longest = String(repeating: "😀", count: SigningPayload.maximumIdentifierByteCount / 4)
        let payload = try SigningPayload.challenge(
            id: longest, nonce: Fixtures.nonce, account: longest, device: longest, key: .biometric, purpose: .removeDevice,
            action: Fixtures.action, expires: try RFC3339Timestamp(secondsSince1970: 253_402_300_799)
        )
        #expect(payload.rendered.count <= SigningPayload.maximumByteCount)
        #expect(try SigningPayload(parsing: payload.rendered) == payload)
    }
}
