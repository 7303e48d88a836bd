import DeviceBinding
import Foundation
import Testing

@Suite("A signing payload renders as the ten lines of the contract")
struct SigningPayloadRenderingTests {
    @Test("a challenge for an action renders byte for byte as issue 4 specifies")
    func challengeText() throws {
        let payload = try Fixtures.challengePayload()
        #expect(payload.rendered == Fixtures.text(Fixtures.challengeLines))
        #expect(payload.kind == .challenge)
        #expect(payload.actionSHA256 == Fixtures.actionSHA256)
    }

    @Test("an enrollment has empty device, key and action lines and the purpose `enroll`")
    func enrollmentText() throws {
        let payload = try Fixtures.enrollmentPayload()
        #expect(payload.rendered == Fixtures.text(Fixtures.enrollmentLines))
        #expect(payload.device == nil && payload.key == nil && payload.purpose == nil)
    }

    @Test("the first line is the protocol version devicetrust-v1")
    func version() throws {
        #expect(DeviceBindingProtocol.version == "devicetrust-v1")
        #expect(try Fixtures.enrollmentPayload().text.hasPrefix("devicetrust-v1\n"))
    }

    @Test("a challenge without an action has an empty action-sha256 line")
    func noAction() throws {
        let payload = try SigningPayload.challenge(
            id: "c", nonce: Fixtures.nonce, account: "a", device: "d", key: .device, purpose: .unlock,
            action: nil, expires: Fixtures.expires
        )
        #expect(payload.text.contains("\naction-sha256: \nexpires: "))
        #expect(payload.text.contains("\npurpose: unlock\n"))
    }

    @Test(
        "identifiers that could not be parsed back are refused at construction",
        arguments: [
            "", "a\nb", "a\rb", " lead", "trail ", "tab\tinside", "bidi\u{202E}override",
            "line\u{2028}sep", String(repeating: "x", count: 257),
        ]
    )
    func refusedIdentifiers(_ identifier: String) {
        let error = thrownError { () throws(SigningPayloadError) in
            try SigningPayload.enrollment(id: identifier, nonce: Fixtures.nonce, account: "a", expires: Fixtures.expires)
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.field == "id")
    }

    @Test("identifiers may hold inner spaces, punctuation and non-ASCII letters")
    func acceptedIdentifiers() throws {
        for identifier in ["a b", "anna@example.com", "Zoë-Ünal", "用户-42", String(repeating: "x", count: 256)] {
            let payload = try SigningPayload.enrollment(id: "e", nonce: Fixtures.nonce, account: identifier, expires: Fixtures.expires)
            #expect(try SigningPayload(parsing: payload.rendered) == payload)
        }
    }

    @Test("a nonce must be exactly 32 bytes", arguments: [0, 16, 31, 33, 64])
    func nonceLength(_ count: Int) {
        let error = thrownError { () throws(SigningPayloadError) in
            try SigningPayload.enrollment(id: "e", nonce: Data(count: count), account: "a", expires: Fixtures.expires)
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.field == "nonce")
    }

    @Test("an `action` challenge needs an action, an enrollment cannot have one")
    func actionConsistency() {
        let missing = thrownError { () throws(SigningPayloadError) in
            try SigningPayload.challenge(
                id: "c", nonce: Fixtures.nonce, account: "a", device: "d", key: .biometric, purpose: .action,
                action: nil, expires: Fixtures.expires
            )
        }
        #expect(missing?.code == .inconsistentFields)
        let extra = thrownError { () throws(SigningPayloadError) in
            try SigningPayload(
                subject: .enrollment, id: "e", nonce: Fixtures.nonce, account: "a",
                actionSHA256: Fixtures.actionSHA256, expires: Fixtures.expires
            )
        }
        #expect(extra?.code == .inconsistentFields)
    }

    @Test("an action hash given directly must be 64 lowercase hex digits")
    func actionHashForm() {
        for bad in [Fixtures.actionSHA256.uppercased(), String(Fixtures.actionSHA256.dropLast()), Fixtures.actionSHA256 + "0"] {
            let error = thrownError { () throws(SigningPayloadError) in
                try SigningPayload(
                    subject: .challenge(device: "d", key: .biometric, purpose: .action), id: "c", nonce: Fixtures.nonce,
                    account: "a", actionSHA256: bad, expires: Fixtures.expires
                )
            }
            #expect(error?.code == .invalidValue)
        }
    }

    @Test("an action holding NaN has no canonical form and cannot be put in a payload")
    func nanAction() {
        let error = thrownError { () throws(SigningPayloadError) in
            try SigningPayload.challenge(
                id: "c", nonce: Fixtures.nonce, account: "a", device: "d", key: .biometric, purpose: .action,
                action: ["amount": .number(.nan)], expires: Fixtures.expires
            )
        }
        #expect(error?.code == .invalidValue)
    }
}
