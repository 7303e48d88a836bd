import Attestation
import Foundation
import Testing

/// Every vector in `Vectors/app-attest/`: each valid one accepted at its verification
/// time with the expected key and counter, each negative one refused for its stated reason.
@Suite("App Attest vectors")
struct AppAttestVectorTests {
    /// Why each negative attestation vector must fail, as an error code. A new negative
    /// vector fails the test until it is mapped here.
    static let attestationFailures: [String: AttestationError.Code] = [
        // Verified after the leaf expired.
        "node-app-attest-prod-2024--NEG-at-2026-11-29": .chain,
        // A development object verified as production: the aaguid differs.
        "veehaitch-ios-14.4-dev--NEG-as-production": .aaguid,
        // Verified after the leaf's notAfter.
        "veehaitch-ios-14.4-dev--NEG-expired-leaf": .chain,
        // authData re-encoded with counter 1: the certified nonce no longer matches, which
        // Apple's order checks (step 4) before the counter (step 7).
        "webauthn4j-kayak-prod-2020--NEG-counter-1": .nonce,
        // fmt "packed" instead of "apple-appattest".
        "webauthn4j-kayak-prod-2020--NEG-fmt-packed": .fmt,
        // x5c = [leaf]: no chain to the root.
        "webauthn4j-kayak-prod-2020--NEG-no-intermediate": .chain,
        // x5c = [leaf, root]: the root in x5c is not trusted for being there, and does not
        // sign the leaf.
        "webauthn4j-kayak-prod-2020--NEG-root-in-x5c": .chain,
    ]

    /// Why each negative assertion vector must fail.
    static let assertionFailures: [String: AttestationError.Code] = [
        "veehaitch-ios-14.4-assertion-c1--NEG-stored-counter-higher": .counter,
        "webauthn4j-kayak-assertion-c1--NEG-replay": .counter,
        "webauthn4j-kayak-assertion-c1--NEG-wrong-app": .rpID,
        "webauthn4j-kayak-assertion-c1--NEG-wrong-client-data": .signature,
        "webauthn4j-kayak-assertion-c1--NEG-wrong-key": .signature,
    ]

    @Test("the vector folder holds 13 valid and 7 negative attestations, 9 valid and 5 negative assertions")
    func vectorCounts() {
        #expect(AppAttestVectors.attestations.filter(\.isValid).count == 13)
        #expect(AppAttestVectors.attestations.filter { !$0.isValid }.count == 7)
        #expect(AppAttestVectors.assertions.filter(\.isValid).count == 9)
        #expect(AppAttestVectors.assertions.filter { !$0.isValid }.count == 5)
    }

    @Test(
        "a valid attestation is accepted at its verification time with its key, counter 0 and receipt",
        arguments: AppAttestVectors.attestations.filter(\.isValid))
    func validAttestation(_ vector: AppAttestVectors.Attestation) throws {
        let environment = try #require(AppAttestVerifier.Environment(rawValue: vector.environment))
        let date = vector.date
        let verifier = AppAttestVerifier(appID: vector.appId, environment: environment, now: { date })
        let key = try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        #expect(key.publicKey == vector.publicKey)
        #expect(key.counter == 0)
        #expect(key.environment == environment)
        #expect(!key.receipt.isEmpty)
        // The second verification takes the remembered-intermediate path: same verdict.
        let again = try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        #expect(again == key)
    }

    @Test(
        "a negative attestation is refused for its stated reason",
        arguments: AppAttestVectors.attestations.filter { !$0.isValid })
    func negativeAttestation(_ vector: AppAttestVectors.Attestation) throws {
        let expected = try #require(Self.attestationFailures[vector.name], "map \(vector.name) (\(vector.expectedFailure ?? "")) to a code")
        let environment = try #require(AppAttestVerifier.Environment(rawValue: vector.environment))
        let date = vector.date
        let verifier = AppAttestVerifier(appID: vector.appId, environment: environment, now: { date })
        #expect(throws: AttestationError(code: expected)) {
            try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
    }

    @Test(
        "a negative attestation is refused even after its valid twin taught the verifier the intermediate",
        arguments: AppAttestVectors.attestations.filter { !$0.isValid })
    func negativeAttestationAfterCaching(_ vector: AppAttestVectors.Attestation) throws {
        let expected = try #require(Self.attestationFailures[vector.name])
        let twinName = vector.name.components(separatedBy: "--NEG-").first ?? ""
        let twin = try #require(AppAttestVectors.attestation(twinName))
        let environment = try #require(AppAttestVerifier.Environment(rawValue: vector.environment))
        let clock = AppAttestTestClock(twin.date)
        let verifier = AppAttestVerifier(appID: vector.appId, environment: environment, now: { clock.date })
        if environment.rawValue == twin.environment {
            _ = try verifier.verifyAttestation(twin.attestation, keyID: twin.keyID, clientDataHash: twin.clientDataHash)
        }
        clock.date = vector.date
        #expect(throws: AttestationError(code: expected)) {
            try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
    }

    @Test("a valid assertion is accepted and returns its counter", arguments: AppAttestVectors.assertions.filter(\.isValid))
    func validAssertion(_ vector: AppAttestVectors.Assertion) throws {
        let verifier = AppAttestVerifier(appID: vector.appId, environment: .production)
        let counter = try verifier.verifyAssertion(
            vector.assertion, clientData: vector.clientData, publicKey: vector.publicKey, previousCounter: vector.previousCounter
        )
        #expect(counter == vector.expectedCounter)
    }

    @Test("a negative assertion is refused for its stated reason", arguments: AppAttestVectors.assertions.filter { !$0.isValid })
    func negativeAssertion(_ vector: AppAttestVectors.Assertion) throws {
        let expected = try #require(Self.assertionFailures[vector.name], "map \(vector.name) (\(vector.expectedFailure ?? "")) to a code")
        let verifier = AppAttestVerifier(appID: vector.appId, environment: .production)
        #expect(throws: AttestationError(code: expected)) {
            try verifier.verifyAssertion(
                vector.assertion, clientData: vector.clientData, publicKey: vector.publicKey, previousCounter: vector.previousCounter
            )
        }
    }
}

/// A clock a test can move.
final class AppAttestTestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ date: Date) { current = date }

    var date: Date {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }
}
