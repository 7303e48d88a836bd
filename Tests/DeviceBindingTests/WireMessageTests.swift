import DeviceBinding
import Foundation
import Testing

@Suite("Request and response bodies use exactly the contract's JSON field names")
struct WireMessageTests {
    private func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try WireCoding.encode(value), as: UTF8.self)
    }

    @Test("enrollment bodies")
    func enrollment() throws {
        #expect(try json(EnrollmentRequest(accountId: "acct-42")) == #"{"accountId":"acct-42"}"#)
        let payload = try Fixtures.enrollmentPayload()
        let created = EnrollmentCreated(payload: payload)
        #expect(
            try json(created) == #"{"enrollmentId":"en_9","expiresAt":"2026-01-31T23:59:59Z","signingPayload":""#
                + Base64URL.encode(payload.rendered) + #""}"#)
        #expect(try created.decodedPayload() == payload)

        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "Anna's iPhone", deviceKey: KeyRegistration(publicKey: "pk", proof: "pr"),
            biometricKey: KeyRegistration(publicKey: "bk", proof: "bp"), pin: try PIN("123456")
        )
        #expect(
            try json(completion)
                == #"{"biometricKey":{"proof":"bp","publicKey":"bk"},"deviceKey":{"proof":"pr","publicKey":"pk"},"deviceName":"Anna's iPhone","pin":"123456","platform":"ios"}"#
        )
        let minimal = #"{"platform":"android","deviceName":"Pixel","deviceKey":{"publicKey":"pk","proof":"pr"}}"#
        let decoded = try WireCoding.decode(EnrollmentCompletion.self, from: Data(minimal.utf8))
        #expect(decoded.platform == .android && decoded.biometricKey == nil && decoded.pin == nil)

        #expect(
            try json(EnrollmentCompleted(deviceId: "dev-7", accountId: "acct-42", keys: [.device, .biometric]))
                == #"{"accountId":"acct-42","deviceId":"dev-7","keys":["device","biometric"]}"#)
    }

    @Test("challenge bodies, with the purposes spelt as on the wire")
    func challenge() throws {
        #expect(
            try json(ChallengeRequest(deviceId: "dev-7", key: .biometric, purpose: .action, action: ["to": "alice"]))
                == #"{"action":{"to":"alice"},"deviceId":"dev-7","key":"biometric","purpose":"action"}"#)
        #expect(
            try json(ChallengeRequest(deviceId: "d", key: .device, purpose: .rebindBiometric))
                == #"{"deviceId":"d","key":"device","purpose":"rebind_biometric"}"#)
        #expect(Purpose.allCases.map(\.rawValue) == ["unlock", "action", "pin_change", "rebind_biometric", "remove_device"])
        #expect(KeyKind.allCases.map(\.rawValue) == ["device", "biometric"])
        #expect([KeyKind.biometric, .device].sorted() == [.device, .biometric])
        #expect(Platform.allCases.map(\.rawValue) == ["ios", "android"])

        let payload = try Fixtures.challengePayload()
        let created = ChallengeCreated(payload: payload)
        #expect(try json(created).hasPrefix(#"{"challengeId":"ch_123","expiresAt":"2026-01-31T23:59:59Z","signingPayload":""#))
        #expect(try created.decodedPayload() == payload)

        let response = ChallengeResponse(
            signature: "sig", pin: try PIN("123456"), newPin: try PIN("6543210"),
            newBiometricKey: KeyRegistration(publicKey: "k", proof: "p")
        )
        #expect(try json(response) == #"{"newBiometricKey":{"proof":"p","publicKey":"k"},"newPin":"6543210","pin":"123456","signature":"sig"}"#)
        #expect(try json(ChallengeResponse(signature: "sig")) == #"{"signature":"sig"}"#)

        let token = TokenResponse(accessToken: "eyJ.secret.token", expiresIn: 300)
        #expect(try json(token) == #"{"accessToken":"eyJ.secret.token","expiresIn":300,"tokenType":"Bearer"}"#)
        #expect(!String(describing: token).contains("secret"))
    }

    @Test("the device list writes every member, `lastUsedAt` as null when never used")
    func deviceList() throws {
        let device = DeviceList.Device(
            deviceId: "dev-7", deviceName: "Pixel", platform: .android, createdAt: Fixtures.expires,
            lastUsedAt: nil, revoked: false, keys: [.device]
        )
        let text = try json(DeviceList(devices: [device]))
        #expect(
            text
                == #"{"devices":[{"attestation":{},"createdAt":"2026-01-31T23:59:59Z","deviceId":"dev-7","deviceName":"Pixel","keys":["device"],"lastUsedAt":null,"platform":"android","revoked":false}]}"#
        )
        #expect(try WireCoding.decode(DeviceList.self, from: Data(text.utf8)) == DeviceList(devices: [device]))
    }

    @Test("the device list shows each key's attestation; a list without the member decodes as none")
    func deviceListAttestation() throws {
        let level = DeviceList.KeyAttestationSummary(platform: "android", format: "android-key", securityLevel: "StrongBox")
        let device = DeviceList.Device(
            deviceId: "dev-7", deviceName: "Pixel", platform: .android, createdAt: Fixtures.expires,
            lastUsedAt: nil, revoked: false, keys: [.device], attestation: ["device": level])
        let text = try json(DeviceList(devices: [device]))
        #expect(text.contains(#""attestation":{"device":{"format":"android-key","platform":"android","securityLevel":"StrongBox"}}"#))
        #expect(try WireCoding.decode(DeviceList.self, from: Data(text.utf8)) == DeviceList(devices: [device]))
        let older =
            #"{"devices":[{"createdAt":"2026-01-31T23:59:59Z","deviceId":"dev-7","deviceName":"Pixel","keys":["device"],"lastUsedAt":null,"platform":"android","revoked":false}]}"#
        #expect(try WireCoding.decode(DeviceList.self, from: Data(older.utf8)).devices.first?.attestation == [:])
    }

    @Test("an enrollment completion carries appAttest and attestation chains when given, and omits them otherwise")
    func completionAttestationMembers() throws {
        let completion = EnrollmentCompletion(
            platform: .android, deviceName: "Pixel", deviceKey: KeyRegistration(publicKey: "pk", proof: "pf", attestationChain: ["leaf", "root"]),
            biometricKey: nil, pin: nil, appAttest: AppAttestRegistration(keyId: "a+b/", attestation: "obj"))
        let text = try json(completion)
        #expect(text.contains(#""appAttest":{"attestation":"obj","keyId":"a+b/"}"#))
        #expect(text.contains(#""deviceKey":{"attestationChain":["leaf","root"],"proof":"pf","publicKey":"pk"}"#))
        let plain = try json(
            EnrollmentCompletion(
                platform: .ios, deviceName: "x", deviceKey: KeyRegistration(publicKey: "pk", proof: "pf"), biometricKey: nil, pin: nil))
        #expect(!plain.contains("attestation") && !plain.contains("appAttest"))
    }

    @Test("strict decoding refuses duplicate members, unknown enum values, malformed PINs and times")
    func strictDecoding() {
        let bodies = [
            #"{"accountId":"a","accountId":"b"}"#
        ]
        for body in bodies {
            #expect(throws: CanonicalJSONError.self) { try WireCoding.decode(EnrollmentRequest.self, from: Data(body.utf8)) }
        }
        let decodingFailures: [String] = [
            #"{"deviceId":"d","key":"face","purpose":"unlock"}"#,
            #"{"deviceId":"d","key":"device","purpose":"enroll"}"#,
            #"{"deviceId":"d","key":"device"}"#,
        ]
        for body in decodingFailures {
            #expect(throws: DecodingError.self) { try WireCoding.decode(ChallengeRequest.self, from: Data(body.utf8)) }
        }
        #expect(throws: DecodingError.self) {
            try WireCoding.decode(ChallengeResponse.self, from: Data(#"{"signature":"s","pin":"12345"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try WireCoding.decode(ChallengeCreated.self, from: Data(#"{"challengeId":"c","signingPayload":"p","expiresAt":"2026-01-31T23:59:59+01:00"}"#.utf8))
        }
    }

    @Test("a malformed PIN in a body fails without the digits appearing in the error")
    func pinNotEchoed() {
        do {
            _ = try WireCoding.decode(ChallengeResponse.self, from: Data(#"{"signature":"s","pin":"98765x"}"#.utf8))
            Issue.record("decoding should fail")
        } catch {
            #expect(!String(describing: error).contains("98765"))
        }
    }
}

@Suite("Problems carry a stable code and its HTTP status (RFC 9457)")
struct ProblemTests {
    @Test(
        "every code has the status of the contract",
        arguments: [
            (ProblemCode.malformedRequest, "malformed_request", 400), (.unauthorized, "unauthorized", 401),
            (.notFound, "not_found", 404), (.challengeExpired, "challenge_expired", 410),
            (.challengeConsumed, "challenge_consumed", 409), (.signatureInvalid, "signature_invalid", 403),
            (.pinInvalid, "pin_invalid", 403), (.deviceRevoked, "device_revoked", 403),
            (.keyNotEnrolled, "key_not_enrolled", 403), (.rateLimited, "rate_limited", 429),
            (.payloadTooLarge, "payload_too_large", 413), (.attestationInvalid, "attestation_invalid", 403),
            (.tokenRedeemed, "token_redeemed", 409), (.tokenInvalid, "token_invalid", 401),
        ]
    )
    func statuses(_ code: ProblemCode, _ wire: String, _ status: Int) {
        #expect(code.rawValue == wire)
        #expect(code.httpStatus == status)
        #expect(Problem(code: code).status == status)
    }

    @Test("all fourteen codes are covered")
    func complete() { #expect(ProblemCode.allCases.count == 14) }

    @Test("a PIN problem serialises with attemptsRemaining, optional members omitted otherwise")
    func json() throws {
        let pin = String(decoding: try WireCoding.encode(Problem(code: .pinInvalid, attemptsRemaining: 3)), as: UTF8.self)
        #expect(pin == #"{"attemptsRemaining":3,"code":"pin_invalid","status":403,"title":"PIN invalid","type":"urn:devicetrust:problem:pin_invalid"}"#)
        let plain = Problem(code: .notFound, detail: "No such challenge.")
        let data = try WireCoding.encode(plain)
        #expect(!String(decoding: data, as: UTF8.self).contains("attemptsRemaining"))
        #expect(try WireCoding.decode(Problem.self, from: data) == plain)
        #expect(Problem.mediaType == "application/problem+json")
    }
}
