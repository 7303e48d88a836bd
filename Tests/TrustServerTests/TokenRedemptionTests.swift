import DeviceBinding
import DeviceTrustCrypto
import Foundation
import MicroHTTPTestSupport
import ServerCredentials
import Testing
@testable import TrustServer

/// `POST /v1/tokens/redeem`: a relying backend executes an approved action once.
@Suite("Redeeming an access token exactly once")
struct TokenRedemptionTests {
    /// An enrolled phone's approval of one action, and its token.
    private func approvedToken(_ fixture: ServiceFixture) throws -> String {
        var phone = TestPhone()
        try fixture.enroll(&phone)
        let created = try fixture.challenge(phone, key: .biometric, purpose: .action, action: ["type": "transfer", "amount": 25])
        let token = try fixture.service.respond(
            challengeId: created.challengeId, ChallengeResponse(signature: try fixture.sign(created, with: phone.biometricKey!)))
        return try #require(token).accessToken
    }

    @Test("the first redemption returns the verified claims; every later one is token_redeemed")
    func once() throws {
        let fixture = try ServiceFixture()
        let token = try approvedToken(fixture)
        let claims = try fixture.service.redeemToken(token)
        #expect(claims == (try fixture.verifier().verify(token)))
        #expect(claims.purpose == "action" && claims.actionSHA256 != nil)
        expectProblem(.tokenRedeemed) { _ = try fixture.service.redeemToken(token) }
        fixture.clock.advance(by: 60)
        expectProblem(.tokenRedeemed) { _ = try fixture.service.redeemToken(token) }
    }

    @Test("a tampered, foreign, expired or malformed token is token_invalid and consumes nothing")
    func refusedConsumesNothing() throws {
        let fixture = try ServiceFixture()
        let token = try approvedToken(fixture)
        var parts = token.split(separator: ".").map(String.init)
        let claimsJSON = String(decoding: try Base64URL.decode(parts[1]), as: UTF8.self).replacingOccurrences(of: "\"action\"", with: "\"unlock\"")
        parts[1] = Base64URL.encode(Data(claimsJSON.utf8))
        let tampered = parts.joined(separator: ".")
        let foreign = try AccessTokenSigner(signingKey: P256.Signing.PrivateKey()).issue(try fixture.verifier().verify(token))
        for bad in [tampered, foreign, "not-a-token", token + "x"] {
            expectProblem(.tokenInvalid) { _ = try fixture.service.redeemToken(bad) }
        }
        #expect(try fixture.service.redeemToken(token).tokenID == (try fixture.verifier().verify(token)).tokenID, "the genuine token is still unredeemed")

        let late = try approvedToken(fixture)
        fixture.clock.advance(by: 301 + 10)
        expectProblem(.tokenInvalid) { _ = try fixture.service.redeemToken(late) }
    }

    @Test("over HTTP: admin only; 200 with the claims, then 409 token_redeemed; 401 token_invalid for a bad token")
    func overHTTP() throws {
        let running = try RunningServer()
        let token = try approvedToken(over: running)
        let anonymous = try running.send("POST", "/v1/tokens/redeem", TokenRedemptionRequest(accessToken: token))
        #expect(anonymous.status == 401 && anonymous.problemCode == "unauthorized")
        let bad = try running.send("POST", "/v1/tokens/redeem", TokenRedemptionRequest(accessToken: "a.b.c"), admin: true)
        #expect(bad.status == 401 && bad.problemCode == "token_invalid")

        let first = try running.send("POST", "/v1/tokens/redeem", TokenRedemptionRequest(accessToken: token), admin: true)
        #expect(first.status == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: first.body) as? [String: Any])
        let claims = try #require(body["claims"] as? [String: Any])
        #expect(claims["sub"] as? String == "acct-42" && claims["purpose"] as? String == "action" && claims["jti"] is String)
        let again = try running.send("POST", "/v1/tokens/redeem", TokenRedemptionRequest(accessToken: token), admin: true)
        #expect(again.status == 409 && again.problemCode == "token_redeemed")
    }

    @Test("20 concurrent redemptions over HTTP: exactly one 200, 19 × 409")
    func concurrent() throws {
        let running = try RunningServer()
        let token = try approvedToken(over: running)
        let statuses = LockedStatuses()
        DispatchQueue.concurrentPerform(iterations: 20) { _ in
            let status = (try? running.send("POST", "/v1/tokens/redeem", TokenRedemptionRequest(accessToken: token), admin: true).status) ?? 0
            statuses.append(status)
        }
        #expect(statuses.all.sorted() == [200] + Array(repeating: 409, count: 19))
    }

    /// Enrolls a phone and approves an action over `running`'s HTTP API.
    private func approvedToken(over running: RunningServer) throws -> String {
        let phone = TestPhone()
        let created = try running.send("POST", "/v1/enrollments", EnrollmentRequest(accountId: "acct-42"), admin: true).decoded(EnrollmentCreated.self)
        let payload = try Base64URL.decode(created.signingPayload)
        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "Anna's iPhone",
            deviceKey: KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: payload)),
            biometricKey: KeyRegistration(key: phone.biometricKey!.publicKey, proof: try phone.biometricKey!.signature(for: payload)), pin: TestPhone.pin)
        let device = try running.send("POST", "/v1/enrollments/\(created.enrollmentId)/complete", completion).decoded(EnrollmentCompleted.self)
        let challenge = try running.send(
            "POST", "/v1/challenges", ChallengeRequest(deviceId: device.deviceId, key: .biometric, purpose: .action, action: ["type": "transfer"])
        ).decoded(ChallengeCreated.self)
        let signature = SignatureEncoding.encode(try phone.biometricKey!.signature(for: Base64URL.decode(challenge.signingPayload)))
        return try running.send("POST", "/v1/challenges/\(challenge.challengeId)/response", ChallengeResponse(signature: signature))
            .decoded(TokenResponse.self).accessToken
    }
}

private final class LockedStatuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []
    func append(_ value: Int) { lock.withLock { values.append(value) } }
    var all: [Int] { lock.withLock { values } }
}
