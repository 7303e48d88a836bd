import DeviceBinding
import DeviceBindingClient
import DeviceEmulator
import DeviceTrustCrypto
import Foundation
import SecureStorage

/// `devicetrust demo`: an embedded server and an emulated iPhone walk through every flow,
/// one numbered line per step. Each step checks its expected outcome; the run throws
/// ``DemoStepFailure`` naming the step when the server or the client behaves differently.
///
/// The output never shows a PIN, a token, the admin key or key material.
public enum DeviceTrustDemo {
    /// The account the demo enrolls.
    public static let accountId = "demo-account"
    /// The action shown to the user and approved.
    public static let action: JSONValue = ["type": "transfer", "amount": 25, "currency": "EUR", "to": "Bob"]
    /// What the attacker between app and server asks for instead.
    static let tamperedAction: JSONValue = ["type": "transfer", "amount": 9_999, "currency": "EUR", "to": "Mallory"]
    /// The demo PIN and a wrong one (throwaway values of a throwaway server).
    static let pin = DemoPhone.pin
    static let wrongPIN = DemoPhone.wrongPIN

    /// Runs the demo, writing each line to `output`.
    /// - Returns: what happened, for tests.
    /// - Throws: ``DemoStepFailure`` naming the step that did not go as expected.
    public static func run(output: @escaping @Sendable (String) -> Void) async throws -> DemoOutcome {
        let narrator = Narrator(output: output)
        let server = try await narrator.step("start the server") {
            let server = try EmbeddedServer()
            return (server, "Started an embedded DeviceTrust server on 127.0.0.1:\(server.port) with a temporary data directory.")
        }
        var outcome = DemoOutcome()
        outcome.sensitiveValues = [pin.revealedDigits, wrongPIN.revealedDigits, server.adminKey]
        return try await walk(server, narrator, outcome) { proxy, outcome in
            try await walkThrough(server: server, proxy: proxy, narrator: narrator, outcome: &outcome)
        }
    }

    /// Runs `steps` through a recording proxy in front of `server`, then stops the server
    /// as the last step (also, silently, when a step fails).
    static func walk(
        _ server: EmbeddedServer, _ narrator: Narrator, _ start: DemoOutcome, _ steps: (DemoProxy, inout DemoOutcome) async throws -> Void
    ) async throws -> DemoOutcome {
        let proxy = DemoProxy(port: server.port)
        var outcome = start
        do {
            try await steps(proxy, &outcome)
        } catch {
            proxy.close()
            server.stop()
            throw error
        }
        proxy.close()
        try await narrator.step("stop the server") {
            server.stop()
            try expect(!FileManager.default.fileExists(atPath: server.directory.path), "the temporary data directory was removed")
            return ((), "Stopped the server and removed the temporary data directory.")
        }
        outcome.steps = narrator.lines
        return outcome
    }

    private static func walkThrough(
        server: EmbeddedServer, proxy: DemoProxy, narrator: Narrator, outcome: inout DemoOutcome
    ) async throws {
        let phone = try DemoPhone()
        outcome.sensitiveValues += phone.keyMaterial
        let client = DeviceTrustClient(baseURL: server.baseURL, session: proxy.session)
        let expectedActionHash = try action.canonicalSHA256Hex()
        var tokens: [String] = []
        defer { outcome.sensitiveValues += tokens }

        let created = try await narrator.step("create the enrollment") {
            let created = try await server.createEnrollment(accountId: accountId)
            return (created, "The backend created an enrollment for account \(accountId) with the admin key (valid until \(created.expiresAt)).")
        }

        let enrolled = try await narrator.step("enroll the iPhone") {
            let enrolled = try await client.enroll(
                enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: "Demo iPhone",
                platform: .ios, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey, pin: pin)
            try expect(
                enrolled.accountId == accountId && Set(enrolled.keys) == [.device, .biometric],
                "the device enrolled with both keys for \(accountId)")
            return (
                enrolled,
                "Enrolled an emulated iPhone (Face ID): biometric key [privateKeyUsage, biometryCurrentSet], device key [privateKeyUsage] and a PIN; device \(enrolled.deviceId)."
            )
        }
        let deviceId = enrolled.deviceId

        try await narrator.step("approve an action") {
            let prompts = phone.device.authenticationPrompts.count
            let token = try await client.approve(action: action, deviceId: deviceId)
            tokens.append(token.accessToken)
            try expect(phone.device.authenticationPrompts.count == prompts + 1, "Face ID was asked once")
            let claims = try TokenClaimsSummary(token)
            try claims.expect(account: accountId, device: deviceId, key: "biometric", purpose: "action", actionSHA256: expectedActionHash)
            return ((), "Approved \(summary(of: action)) with Face ID: token issued (\(claims.text)).")
        }

        try await narrator.step("replay the signed response") {
            guard let replay = proxy.lastChallengeResponse else { throw DemoExpectation("the signed response was recorded") }
            let (status, body) = try await EmbeddedServer.send(replay)
            let problem = try? WireCoding.decode(Problem.self, from: body)
            try expect(status == 409 && problem?.code == .challengeConsumed, "challenge_consumed (409), got HTTP \(status)")
            return ((), "Replayed the same signed response: refused with challenge_consumed (HTTP 409).")
        }

        try await narrator.step("tampered action") {
            let prompts = phone.device.authenticationPrompts.count
            let sent = proxy.responsesForwarded
            proxy.tamperWithNextChallenge { $0.action = tamperedAction }
            do {
                _ = try await client.approve(action: action, deviceId: deviceId)
                throw DemoExpectation("the client refused to sign, but it approved")
            } catch let error as DeviceTrustClientError where error.code == .payloadMismatch {}
            try expect(proxy.responsesForwarded == sent, "no signature reached the server")
            try expect(phone.device.authenticationPrompts.count == prompts, "Face ID was not asked")
            return (
                (),
                "A proxy swapped the action for \(summary(of: tamperedAction)): the client refused before signing (payloadMismatch); no Face ID prompt, nothing sent."
            )
        }

        try await narrator.step("new fingerprint") {
            phone.device.changeBiometricEnrollment()
            do {
                _ = try await client.approve(action: action, deviceId: deviceId)
                throw DemoExpectation("the biometric key stopped working, but it signed")
            } catch KeychainError.authenticationFailed {}
            return ((), "A new fingerprint was enrolled on the phone: biometric approval fails (the key is invalidated).")
        }

        try await narrator.step("unlock with the PIN") {
            let token = try await client.unlockWithPIN(deviceId: deviceId, pin: pin)
            tokens.append(token.accessToken)
            let claims = try TokenClaimsSummary(token)
            try claims.expect(account: accountId, device: deviceId, key: "device", purpose: "unlock", actionSHA256: nil)
            return ((), "Unlocked with the PIN and the device key: token issued (\(claims.text)).")
        }

        try await narrator.step("rebind the biometric key") {
            let newKey = try phone.newBiometricKey()
            outcome.sensitiveValues += DemoPhone.material(of: newKey)
            let token = try await client.rebindBiometricKey(deviceId: deviceId, pin: pin, newBiometricKey: newKey)
            tokens.append(token.accessToken)
            let claims = try TokenClaimsSummary(token)
            try claims.expect(account: accountId, device: deviceId, key: "device", purpose: "rebind_biometric", actionSHA256: nil)
            return ((), "Rebound a new biometric key (device key and PIN): token issued (\(claims.text)).")
        }

        try await narrator.step("approve again") {
            let token = try await client.approve(action: action, deviceId: deviceId)
            tokens.append(token.accessToken)
            let claims = try TokenClaimsSummary(token)
            try claims.expect(account: accountId, device: deviceId, key: "biometric", purpose: "action", actionSHA256: expectedActionHash)
            return ((), "Approved \(summary(of: action)) with the new biometric key: token issued (\(claims.text)).")
        }

        for (attempt, remaining) in zip(1...4, [4, 3, 2, 1]) {
            try await narrator.step("wrong PIN \(attempt)") {
                let problem = try await expectProblem { try await client.unlockWithPIN(deviceId: deviceId, pin: wrongPIN) }
                try expect(
                    problem.code == .pinInvalid && problem.attemptsRemaining == remaining,
                    "pin_invalid with \(remaining) attempts remaining, got \(problem.code.rawValue) with \(problem.attemptsRemaining.map(String.init) ?? "none")"
                )
                return ((), "Wrong PIN (\(attempt) of 5): refused with pin_invalid, \(remaining) attempt\(remaining == 1 ? "" : "s") remaining.")
            }
        }
        try await narrator.step("wrong PIN 5") {
            let problem = try await expectProblem { try await client.unlockWithPIN(deviceId: deviceId, pin: wrongPIN) }
            try expect(problem.code == .deviceRevoked, "device_revoked, got \(problem.code.rawValue)")
            return ((), "Wrong PIN (5 of 5): refused with device_revoked; the device is revoked.")
        }
        try await narrator.step("revoked device") {
            let problem = try await expectProblem { try await client.approve(action: action, deviceId: deviceId) }
            try expect(problem.code == .deviceRevoked, "device_revoked, got \(problem.code.rawValue)")
            return ((), "Biometric approval on the revoked device: refused with device_revoked.")
        }
        outcome.deviceId = deviceId
    }

    /// The action in one short phrase, e.g. `{"amount":25,…}` as canonical JSON.
    static func summary(of action: JSONValue) -> String {
        (try? String(decoding: action.canonicalData(), as: UTF8.self)) ?? "the action"
    }

    /// Runs `body`, which must fail with a server `Problem`, and returns it.
    static func expectProblem(_ body: () async throws -> some Any) async throws -> Problem {
        do {
            _ = try await body()
        } catch let problem as Problem {
            return problem
        }
        throw DemoExpectation("the server refused, but it accepted")
    }

    static func expect(_ condition: Bool, _ expectation: @autoclosure () -> String) throws {
        if !condition { throw DemoExpectation(expectation()) }
    }
}

/// What a demo run did.
public struct DemoOutcome: Sendable {
    /// The numbered lines printed, in order.
    public var steps: [String] = []
    /// The enrolled (and finally revoked) device.
    public var deviceId: String?
    /// For tests: the PINs, admin key, tokens and key material (base64url) the run used,
    /// none of which may appear in ``steps``. Never print these.
    public var sensitiveValues: [String] = []
}

/// A step that did not go as expected.
public struct DemoStepFailure: Error, Sendable, CustomStringConvertible {
    /// The step's name, e.g. `replay the signed response`.
    public let step: String
    /// What was expected, or the error that stopped the step (never a secret).
    public let reason: String

    public var description: String { "demo step '\(step)' failed: \(reason)" }
}

/// A check inside a step that failed.
struct DemoExpectation: Error, CustomStringConvertible {
    let description: String
    init(_ expected: String) { description = "expected \(expected)" }
}

/// Numbers and writes the steps, turning any error into a ``DemoStepFailure``.
final class Narrator: Sendable {
    private let output: @Sendable (String) -> Void
    private let written = Locked<[String]>([])

    init(output: @escaping @Sendable (String) -> Void) { self.output = output }

    var lines: [String] { written.withLock { $0 } }
    var count: Int { written.withLock { $0.count } }

    /// Runs the step `name`; `body` returns its result and its line.
    func step<Result>(_ name: String, _ body: () async throws -> (Result, String)) async throws -> Result {
        do {
            let (result, text) = try await body()
            let line = written.withLock { lines in
                let line = "\(lines.count + 1). \(text)"
                lines.append(line)
                return line
            }
            output(line)
            return result
        } catch let failure as DemoStepFailure {
            throw failure
        } catch {
            throw DemoStepFailure(step: name, reason: String(describing: error))
        }
    }
}
