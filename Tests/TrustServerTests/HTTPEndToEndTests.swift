import DeviceBinding
import DeviceTrustCrypto
import Foundation
import MicroHTTPTestSupport
import ServerCredentials
import Testing
import TrustStoreEngines
@testable import TrustServer

/// A real server on 127.0.0.1, port 0, prepared by ``ServerBootstrap`` in a temporary folder.
final class RunningServer: @unchecked Sendable {
    let directory: TemporaryDirectory
    let prepared: PreparedServer
    let server: DeviceTrustServer
    let port: UInt16
    let adminKey: String

    init(perAddressRateLimit: RateLimit = .defaultPerAddress) throws {
        directory = try TemporaryDirectory()
        let configuration = ServerConfiguration(port: 0, dataDirectory: directory.path("data/nested"))
        prepared = try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open)
        server = DeviceTrustServer(service: prepared.service, adminKey: prepared.adminKey, perAddressRateLimit: perAddressRateLimit)
        port = try server.start(port: 0, threads: 4)
        adminKey = try String(contentsOf: prepared.adminKeyFile, encoding: .utf8)
    }

    deinit {
        server.stop()
        prepared.store.close()
    }

    func send(_ method: String, _ target: String, _ body: (some Encodable)? = String?.none, admin: Bool = false) throws -> LoopbackHTTPResponse {
        try LoopbackHTTPClient.send(port: port, method, target, json: body.map { try WireCoding.encode($0) }, bearer: admin ? adminKey : nil)
    }
}

@Suite("HTTP end to end")
struct HTTPEndToEndTests {
    @Test("enrollment → challenge → response → token over real HTTP, verified with the JWKS")
    func fullFlow() throws {
        let running = try RunningServer()
        let phone = TestPhone()

        let enrollment = try running.send("POST", "/v1/enrollments", EnrollmentRequest(accountId: "acct-42"), admin: true)
        #expect(enrollment.status == 201)
        let created = try enrollment.decoded(EnrollmentCreated.self)
        let enrollPayload = try Base64URL.decode(created.signingPayload)
        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "Anna's iPhone",
            deviceKey: KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: enrollPayload)),
            biometricKey: KeyRegistration(key: phone.biometricKey!.publicKey, proof: try phone.biometricKey!.signature(for: enrollPayload)),
            pin: TestPhone.pin)
        let completed = try running.send("POST", "/v1/enrollments/\(created.enrollmentId)/complete", completion)
        #expect(completed.status == 201)
        let device = try completed.decoded(EnrollmentCompleted.self)
        #expect(device.keys == [.device, .biometric])

        let action: JSONValue = ["type": "transfer", "amount": 25, "currency": "EUR"]
        let challengeAnswer = try running.send(
            "POST", "/v1/challenges", ChallengeRequest(deviceId: device.deviceId, key: .biometric, purpose: .action, action: action))
        #expect(challengeAnswer.status == 201)
        let challenge = try challengeAnswer.decoded(ChallengeCreated.self)
        #expect(try challenge.decodedPayload().confirms(action: action))
        let signature = SignatureEncoding.encode(try phone.biometricKey!.signature(for: Base64URL.decode(challenge.signingPayload)))
        let tokenAnswer = try running.send("POST", "/v1/challenges/\(challenge.challengeId)/response", ChallengeResponse(signature: signature))
        #expect(tokenAnswer.status == 200)
        let token = try tokenAnswer.decoded(TokenResponse.self)
        #expect(token.tokenType == "Bearer")

        let jwks = try running.send("GET", "/.well-known/jwks.json")
        #expect(jwks.status == 200)
        let claims = try AccessTokenVerifier(jwks: jwks.body, issuer: "devicetrust", audience: "devicetrust").verify(token.accessToken)
        #expect(claims.subject == "acct-42")
        #expect(claims.deviceID == device.deviceId)
        #expect(claims.actionSHA256 == (try action.canonicalSHA256Hex()))

        let replay = try running.send("POST", "/v1/challenges/\(challenge.challengeId)/response", ChallengeResponse(signature: signature))
        #expect(replay.status == 409)
        #expect(replay.header("Content-Type") == "application/problem+json")
        #expect(replay.problemCode == "challenge_consumed")

        // A wrong PIN with the device key: 403 pin_invalid with attemptsRemaining.
        let deviceChallenge = try running.send("POST", "/v1/challenges", ChallengeRequest(deviceId: device.deviceId, key: .device, purpose: .unlock))
            .decoded(ChallengeCreated.self)
        let deviceSignature = SignatureEncoding.encode(try phone.deviceKey.signature(for: Base64URL.decode(deviceChallenge.signingPayload)))
        let wrongPIN = try running.send(
            "POST", "/v1/challenges/\(deviceChallenge.challengeId)/response", ChallengeResponse(signature: deviceSignature, pin: TestPhone.wrongPIN))
        #expect(wrongPIN.status == 403)
        #expect(try wrongPIN.decoded(Problem.self).attemptsRemaining == 4)

        let list = try running.send("GET", "/v1/accounts/acct-42/devices", String?.none, admin: true)
        #expect(list.status == 200)
        let devices = try list.decoded(DeviceList.self)
        #expect(devices.devices.map(\.deviceId) == [device.deviceId])
        #expect(devices.devices.first?.lastUsedAt != nil)

        // remove_device answers 204.
        let removal = try running.send("POST", "/v1/challenges", ChallengeRequest(deviceId: device.deviceId, key: .biometric, purpose: .removeDevice))
            .decoded(ChallengeCreated.self)
        let removalSignature = SignatureEncoding.encode(try phone.biometricKey!.signature(for: Base64URL.decode(removal.signingPayload)))
        let removed = try running.send("POST", "/v1/challenges/\(removal.challengeId)/response", ChallengeResponse(signature: removalSignature))
        #expect(removed.status == 204)
        #expect(removed.body.isEmpty)
        let afterRemoval = try running.send("POST", "/v1/challenges", ChallengeRequest(deviceId: device.deviceId, key: .biometric, purpose: .unlock))
        #expect(afterRemoval.status == 403)
        #expect(afterRemoval.problemCode == "device_revoked")
    }

    @Test("admin routes need the admin key; others do not")
    func adminAuthorization() throws {
        let running = try RunningServer()
        let request = EnrollmentRequest(accountId: "acct-1")
        let anonymous = try running.send("POST", "/v1/enrollments", request)
        #expect(anonymous.status == 401)
        #expect(anonymous.problemCode == "unauthorized")
        let wrongKey = try LoopbackHTTPClient.send(
            port: running.port, "POST", "/v1/enrollments", json: try WireCoding.encode(request), bearer: String(running.adminKey.reversed()))
        #expect(wrongKey.status == 401)
        let basic = try LoopbackHTTPClient.request(
            port: running.port, method: "GET", target: "/v1/accounts/acct-1/devices", headers: [("Authorization", "Basic \(running.adminKey)")])
        #expect(basic.status == 401)
        #expect(try running.send("GET", "/v1/accounts/acct-1/devices", String?.none).status == 401)
        #expect(try running.send("DELETE", "/v1/devices/some-device", String?.none).status == 401)
        #expect(try running.send("DELETE", "/v1/devices/some-device", String?.none, admin: true).problemCode == "not_found")
        #expect(try running.send("POST", "/v1/enrollments", request, admin: true).status == 201)
        #expect(try running.send("GET", "/healthz", String?.none).status == 200)
        let ready = try running.send("GET", "/readyz", String?.none)
        #expect(ready.status == 200)
        #expect(String(decoding: ready.body, as: UTF8.self) == #"{"status":"ready"}"#)
    }

    @Test("oversized bodies get 413, malformed ones 400, unknown routes 404; metrics count them")
    func errorsAndMetrics() throws {
        let running = try RunningServer()
        let huge = Data(repeating: UInt8(ascii: " "), count: 70 * 1024)
        let tooLarge = try LoopbackHTTPClient.send(port: running.port, "POST", "/v1/challenges", json: huge)
        #expect(tooLarge.status == 413)
        #expect(tooLarge.problemCode == "payload_too_large")

        let notJSON = try LoopbackHTTPClient.send(port: running.port, "POST", "/v1/challenges", json: Data("{\"deviceId\":".utf8))
        #expect(notJSON.status == 400)
        #expect(notJSON.problemCode == "malformed_request")
        let badEnum = try LoopbackHTTPClient.send(
            port: running.port, "POST", "/v1/challenges", json: Data(#"{"deviceId":"d","key":"face","purpose":"unlock"}"#.utf8))
        #expect(badEnum.status == 400)
        let unknownDevice = try running.send("POST", "/v1/challenges", ChallengeRequest(deviceId: "nope", key: .device, purpose: .unlock))
        #expect(unknownDevice.status == 404)
        #expect(unknownDevice.problemCode == "not_found")
        #expect(try running.send("GET", "/v1/nothing", String?.none).status == 404)

        let metrics = try running.send("GET", "/metrics", String?.none)
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(metrics.bodyText.contains(#"devicetrust_http_responses_total{status="400"} 2"#))
        #expect(metrics.bodyText.contains(#"devicetrust_refusals_total{code="not_found"} 1"#))
    }

    @Test("a body with a member the API does not define, or a null member, is 400 malformed_request and changes nothing")
    func extraAndNullMembers() throws {
        let running = try RunningServer()
        let extra = try LoopbackHTTPClient.send(
            port: running.port, "POST", "/v1/enrollments", json: Data(#"{"accountId":"acct-42","role":"admin"}"#.utf8), bearer: running.adminKey)
        #expect(extra.status == 400)
        #expect(extra.problemCode == "malformed_request")
        let detail = try extra.decoded(Problem.self).detail ?? ""
        #expect(detail.contains("a member the API does not define") && !detail.contains("role") && !detail.contains("admin"))

        let null = try LoopbackHTTPClient.send(
            port: running.port, "POST", "/v1/challenges", json: Data(#"{"deviceId":"d","key":"device","purpose":"unlock","action":null}"#.utf8))
        #expect(null.status == 400)
        #expect(null.problemCode == "malformed_request")

        // The same bodies without the extra members are accepted (or answered on their merits).
        #expect(try running.send("POST", "/v1/enrollments", EnrollmentRequest(accountId: "acct-42"), admin: true).status == 201)
        #expect(try running.send("POST", "/v1/challenges", ChallengeRequest(deviceId: "d", key: .device, purpose: .unlock)).status == 404)
        let metrics = try running.send("GET", "/metrics", String?.none).bodyText
        #expect(metrics.contains(#"devicetrust_enrollments_created_total 1"#))
    }

    @Test("an unreadable response body still consumes the challenge")
    func unreadableResponseConsumes() throws {
        let running = try RunningServer()
        var phone = TestPhone()
        let created = try running.prepared.service.createEnrollment(accountId: "acct-9")
        let payload = try Base64URL.decode(created.signingPayload)
        phone.deviceId = try running.prepared.service.completeEnrollment(
            id: created.enrollmentId,
            EnrollmentCompletion(
                platform: .android, deviceName: "Pixel",
                deviceKey: KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: payload)),
                biometricKey: nil, pin: TestPhone.pin)
        ).deviceId
        let challenge = try running.prepared.service.createChallenge(ChallengeRequest(deviceId: phone.deviceId, key: .device, purpose: .unlock))
        let short = try LoopbackHTTPClient.send(
            port: running.port, "POST", "/v1/challenges/\(challenge.challengeId)/response", json: Data(#"{"signature":"AA","pin":"12"}"#.utf8))
        #expect(short.status == 400)
        let signature = SignatureEncoding.encode(try phone.deviceKey.signature(for: Base64URL.decode(challenge.signingPayload)))
        let retry = try running.send("POST", "/v1/challenges/\(challenge.challengeId)/response", ChallengeResponse(signature: signature, pin: TestPhone.pin))
        #expect(retry.status == 409)
    }

    @Test("50 concurrent HTTP responses to one challenge: exactly one 200, the rest 409")
    func concurrentHTTPResponses() throws {
        let running = try RunningServer()
        var phone = TestPhone()
        let created = try running.prepared.service.createEnrollment(accountId: "acct-7")
        let payload = try Base64URL.decode(created.signingPayload)
        phone.deviceId = try running.prepared.service.completeEnrollment(
            id: created.enrollmentId,
            EnrollmentCompletion(
                platform: .ios, deviceName: "iPhone",
                deviceKey: KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: payload)),
                biometricKey: KeyRegistration(key: phone.biometricKey!.publicKey, proof: try phone.biometricKey!.signature(for: payload)),
                pin: nil)
        ).deviceId
        let challenge = try running.prepared.service.createChallenge(ChallengeRequest(deviceId: phone.deviceId, key: .biometric, purpose: .unlock))
        let body = try WireCoding.encode(
            ChallengeResponse(
                signature: SignatureEncoding.encode(try phone.biometricKey!.signature(for: Base64URL.decode(challenge.signingPayload)))))
        let tally = OutcomeTally()
        let port = running.port
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            let status = (try? LoopbackHTTPClient.send(port: port, "POST", "/v1/challenges/\(challenge.challengeId)/response", json: body).status) ?? -1
            tally.record(String(status))
        }
        #expect(tally.count("200") == 1)
        #expect(tally.count("409") == 49)
    }
}
