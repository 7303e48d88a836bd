import DeviceBinding
import DeviceTrustCrypto
import Foundation
import ServerCredentials
import Testing
import TrustStore
import TrustStoreSQLite
@testable import TrustServer

/// A fresh directory under the system temporary directory, removed on deinit.
final class TemporaryDirectory: @unchecked Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("TrustServerTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }

    var serviceClock: ServiceClock { ServiceClock { [self] in now } }
}

/// Log lines collected for inspection.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var lines: [String] { lock.withLock { stored } }

    var serviceLog: ServiceLog { ServiceLog { [self] line in lock.withLock { stored.append(line) } } }
}

/// An emulated phone: a device key and an optional biometric key.
struct TestPhone {
    let deviceKey = P256.Signing.PrivateKey()
    var biometricKey: P256.Signing.PrivateKey? = P256.Signing.PrivateKey()
    var deviceId = ""

    static let pin = try! PIN("123456")
    static let wrongPIN = try! PIN("654321")

    func key(_ kind: DeviceBinding.KeyKind) -> P256.Signing.PrivateKey {
        kind == .device ? deviceKey : biometricKey!
    }
}

/// A service over a SQLite store in a temporary directory, with a hand-moved clock.
final class ServiceFixture: @unchecked Sendable {
    let directory: TemporaryDirectory
    let store: SQLiteTrustStore
    let clock = TestClock()
    let log = LogRecorder()
    let signer = AccessTokenSigner(signingKey: P256.Signing.PrivateKey())
    let service: DeviceTrustService

    init(configuration: DeviceTrustConfiguration = DeviceTrustConfiguration(), attestation: AttestationConfiguration = .off) throws {
        directory = try TemporaryDirectory()
        store = try SQLiteTrustStore(databaseURL: "sqlite:\(directory.path("trust.sqlite"))")
        service = try DeviceTrustService(
            store: store,
            pinHasher: PINHasher(pepper: SymmetricKey(size: .bits256)),
            signingKeys: TokenSigningKeys(fixed: signer),
            configuration: configuration,
            clock: clock.serviceClock,
            log: log.serviceLog,
            attestation: attestation)
    }

    deinit { store.close() }

    func verifier() -> AccessTokenVerifier {
        AccessTokenVerifier(
            publicKeys: [signer.publicKey], issuer: service.configuration.tokenIssuer,
            audience: service.configuration.tokenAudience, now: { [clock] in clock.now })
    }

    /// Enrolls `phone` into `account` and records its device id.
    @discardableResult
    func enroll(_ phone: inout TestPhone, account: String = "acct-42", pin: PIN? = TestPhone.pin) throws -> EnrollmentCompleted {
        let created = try service.createEnrollment(accountId: account)
        let payload = try Base64URL.decode(created.signingPayload)
        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "Anna's iPhone",
            deviceKey: KeyRegistration(key: phone.deviceKey.publicKey, proof: try phone.deviceKey.signature(for: payload)),
            biometricKey: try phone.biometricKey.map { KeyRegistration(key: $0.publicKey, proof: try $0.signature(for: payload)) },
            pin: pin)
        let completed = try service.completeEnrollment(id: created.enrollmentId, completion)
        phone.deviceId = completed.deviceId
        return completed
    }

    func challenge(_ phone: TestPhone, key: DeviceBinding.KeyKind, purpose: Purpose = .unlock, action: JSONValue? = nil) throws -> ChallengeCreated {
        try service.createChallenge(ChallengeRequest(deviceId: phone.deviceId, key: key, purpose: purpose, action: action))
    }

    /// The base64url signature of `signer` over the challenge's payload bytes.
    func sign(_ created: ChallengeCreated, with signer: P256.Signing.PrivateKey) throws -> String {
        SignatureEncoding.encode(try signer.signature(for: Base64URL.decode(created.signingPayload)))
    }

    func failedPINAttempts(_ phone: TestPhone) throws -> Int {
        try #require(try store.device(id: phone.deviceId)).failedPinAttempts
    }
}

/// Expects `body` to throw a `Problem` with `code` (and, if given, `attemptsRemaining`).
func expectProblem(
    _ code: ProblemCode, attemptsRemaining: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(code.rawValue), got success", sourceLocation: sourceLocation)
    } catch let problem as Problem {
        #expect(problem.code == code, sourceLocation: sourceLocation)
        if let attemptsRemaining {
            #expect(problem.attemptsRemaining == attemptsRemaining, sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("expected \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
    }
}

/// Builds verifiers from a JWKS, as an integrator's backend would.
enum AccessTokenVerifierFactory {
    static func make(jwks: Data, clock: TestClock, issuer: String = "https://id.example", audience: String = "bank-api") throws -> AccessTokenVerifier {
        try AccessTokenVerifier(jwks: jwks, issuer: issuer, audience: audience, now: { [clock] in clock.now })
    }
}

/// Outcomes collected from concurrent work, one string each.
final class OutcomeTally: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [String] = []

    func record(_ outcome: String) { lock.withLock { outcomes.append(outcome) } }

    func count(_ outcome: String) -> Int { lock.withLock { outcomes.filter { $0 == outcome }.count } }

    var all: [String] { lock.withLock { outcomes } }
}
