import Attestation
import DeviceBinding
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import MicroHTTP
import ServerCredentials
import Testing
import TrustStore
@testable import TrustServer

/// A local fake of Apple's `attestationData` endpoint: answers from a script, signs
/// refreshed receipts under the emulated authority, records what it was sent.
final class FakeAttestationDataEndpoint: @unchecked Sendable {
    enum Answer {
        case refreshed(riskMetric: Int)
        case status(Int)
        case foreignReceipt
        case blocked(DispatchSemaphore)
    }

    private let lock = NSLock()
    private var script: [Answer] = []
    private(set) var requests: [HTTPRequest] = []
    private let server = HTTPServer()
    let url: URL

    init() throws {
        let box = Box()
        let port = try server.start(port: 0, threads: 2) { request in box.endpoint?.answer(request) ?? HTTPResponse(status: 500) }
        url = URL(string: "http://127.0.0.1:\(port)/v1/attestationData")!
        box.endpoint = self
    }

    deinit { server.stop() }

    func then(_ answers: Answer...) { lock.withLock { script.append(contentsOf: answers) } }

    var received: [HTTPRequest] { lock.withLock { requests } }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let next: Answer = lock.withLock {
            requests.append(request)
            return script.isEmpty ? .status(500) : script.removeFirst()
        }
        switch next {
        case .status(let status):
            return HTTPResponse(status: status)
        case .blocked(let release):
            release.wait()
            return HTTPResponse(status: 304)
        case .refreshed, .foreignReceipt:
            guard let old = Data(base64Encoded: String(decoding: request.body, as: UTF8.self)), let receipt = try? AppAttestReceipt(der: old) else {
                return HTTPResponse(status: 400)
            }
            let authority: AppAttestAuthority
            if case .foreignReceipt = next { authority = try! AppAttestAuthority() } else { authority = AttestationLab.shared.appAttestAuthority }
            let refreshed = try! authority.refreshedReceipt(
                appID: receipt.appID, attestedCertificate: [UInt8](receipt.attestedCertificate), environment: receipt.environment ?? "sandbox",
                riskMetric: { if case .refreshed(let risk) = next { return risk } else { return 1 } }())
            return HTTPResponse(status: 200, body: Data(Data(refreshed).base64EncodedString().utf8))
        }
    }

    private final class Box: @unchecked Sendable { weak var endpoint: FakeAttestationDataEndpoint? }
}

@Suite("App Attest receipt refresh against a local fake of Apple's endpoint", .serialized)
struct AppAttestReceiptRefreshTests {
    static let deviceCheckKey = try! DeviceCheckKey(teamID: "TEAMID1234", keyID: "KEYID12345", p8: P256.Signing.PrivateKey().pemRepresentation)

    /// A service with App Attest required, an iPhone enrolled with it, and a refresher
    /// pointed at `endpoint`.
    struct Setup {
        let fixture: ServiceFixture
        let refresher: AppAttestReceiptRefresher
        let deviceId: String
        let appAttest = AttestationLab.shared.appAttestService()
        let keyId: String
        var phone = TestPhone()

        init(_ endpoint: FakeAttestationDataEndpoint, maximumRisk: Int? = nil, timeout: TimeInterval = 5) throws {
            var configuration = AttestationLab.shared.configuration(appAttest: .required)
            configuration.appAttestMaximumRisk = maximumRisk
            fixture = try ServiceFixture(attestation: configuration)
            var refresh = AppAttestReceiptRefresher.Configuration(
                endpoint: endpoint.url, key: AppAttestReceiptRefreshTests.deviceCheckKey,
                receiptRoots: [Data(AttestationLab.shared.appAttestAuthority.rootCertificate.der)])
            refresh.requestTimeout = timeout
            refresher = AppAttestReceiptRefresher(
                configuration: refresh, store: fixture.store, clock: fixture.clock.serviceClock, log: fixture.log.serviceLog)
            keyId = appAttest.generateKey()
            let created = try fixture.service.createEnrollment(accountId: "acct-42")
            let (phone, appAttest, keyId) = (phone, appAttest, keyId)
            deviceId = try fixture.service.completeEnrollment(
                id: created.enrollmentId,
                try AttestedEnrollment.iPhone(payload: Base64URL.decode(created.signingPayload), phone: phone, service: appAttest, keyId: keyId)
            ).deviceId
            self.phone.deviceId = deviceId
        }

        var record: KeyAttestation? { try? fixture.store.keyAttestation(deviceId: deviceId, kind: .device) }

        /// A biometric approval carrying an App Attest assertion.
        func approve() throws -> TokenResponse? {
            let created = try fixture.challenge(phone, key: .biometric)
            let payload = try Base64URL.decode(created.signingPayload)
            let assertion = Base64URL.encode(try appAttest.generateAssertion(keyId, clientDataHash: Data(SHA256.hash(data: payload))))
            return try fixture.service.respond(
                challengeId: created.challengeId,
                ChallengeResponse(signature: try fixture.sign(created, with: phone.biometricKey!), appAttestAssertion: assertion))
        }
    }

    @Test("enrollment stores the receipt's expiry and schedules its first refresh one day after its creation")
    func scheduledAtEnrollment() throws {
        let setup = try Setup(FakeAttestationDataEndpoint())
        let record = try #require(setup.record)
        let receipt = try AppAttestReceipt(der: try #require(record.receipt))
        #expect(abs(try #require(record.receiptExpiresAt).timeIntervalSince(receipt.expirationTime)) < 0.001)
        #expect(abs(try #require(record.receiptRefreshAt).timeIntervalSince(receipt.creationTime.addingTimeInterval(86_400))) < 0.001)
        #expect(record.riskMetric == nil)
    }

    @Test("200: the new receipt is verified and stored with its risk metric, the device list shows it, the next refresh is at its not-before")
    func refreshed() throws {
        let endpoint = try FakeAttestationDataEndpoint()
        let setup = try Setup(endpoint)
        let old = try #require(setup.record?.receipt)
        endpoint.then(.refreshed(riskMetric: 7))
        #expect(try setup.refresher.refreshDue() == .init(refreshed: 1, kept: 0, failed: 0))

        let request = try #require(endpoint.received.first)
        #expect(request.method == "POST" && request.path == "/v1/attestationData")
        #expect(Data(base64Encoded: String(decoding: request.body, as: UTF8.self)) == old, "the body is the stored receipt, base64")
        let jwt = try #require(request.headers["Authorization"]).split(separator: ".")
        #expect(jwt.count == 3)
        #expect(String(decoding: try Base64URL.decode(String(jwt[0])), as: UTF8.self) == #"{"alg":"ES256","kid":"KEYID12345"}"#)
        #expect(String(decoding: try Base64URL.decode(String(jwt[1])), as: UTF8.self).contains(#""iss":"TEAMID1234""#))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(String(jwt[2])))
        #expect(Self.deviceCheckKey.publicKey.isValidSignature(signature, for: Data("\(jwt[0]).\(jwt[1])".utf8)))

        let record = try #require(setup.record)
        let stored = try AppAttestReceipt(der: try #require(record.receipt))
        #expect(stored.type == "RECEIPT" && record.riskMetric == 7 && record.receiptRefreshFailures == 0)
        #expect(abs(try #require(record.receiptRefreshAt).timeIntervalSince(try #require(stored.notBefore))) < 0.001)
        #expect(abs(try #require(record.receiptExpiresAt).timeIntervalSince(stored.expirationTime)) < 0.001)
        let listed = try #require(try setup.fixture.service.listDevices(accountId: "acct-42").devices.first?.attestation["device"])
        #expect(listed.riskMetric == 7 && listed.receiptExpiresAt != nil)
        let notBefore = try #require(stored.notBefore)
        #expect(try setup.fixture.store.receiptsDueForRefresh(at: notBefore.addingTimeInterval(-1), limit: 10).isEmpty, "not due before its not-before")
    }

    @Test("304 and 404 keep the last good receipt and ask again a day later")
    func keptOnNotModifiedAndNotFound() throws {
        let endpoint = try FakeAttestationDataEndpoint()
        let setup = try Setup(endpoint)
        endpoint.then(.refreshed(riskMetric: 3))
        try setup.refresher.refreshDue()
        let good = setup.record?.receipt
        for status in [304, 404] {
            setup.fixture.clock.advance(by: 2 * 86_400)
            endpoint.then(.status(status))
            #expect(try setup.refresher.refreshDue() == .init(refreshed: 0, kept: 1, failed: 0), "HTTP \(status)")
            #expect(setup.record?.receipt == good && setup.record?.riskMetric == 3)
            #expect(setup.record?.receiptRefreshAt == setup.fixture.clock.now.addingTimeInterval(86_400))
        }
    }

    @Test("429, 5xx and a receipt that does not verify are retried with a growing backoff; the stored receipt stays")
    func backoff() throws {
        let endpoint = try FakeAttestationDataEndpoint()
        let setup = try Setup(endpoint)
        let original = setup.record?.receipt
        for (failures, answer) in [(1, FakeAttestationDataEndpoint.Answer.status(429)), (2, .status(503)), (3, .foreignReceipt)] {
            endpoint.then(answer)
            #expect(try setup.refresher.refreshDue() == .init(refreshed: 0, kept: 0, failed: 1))
            #expect(setup.record?.receiptRefreshFailures == failures)
            #expect(setup.record?.receiptRefreshAt == setup.fixture.clock.now.addingTimeInterval(60 * Double(1 << (failures - 1))))
            #expect(setup.record?.receipt == original)
            #expect(try setup.refresher.refreshDue() == .init(), "not retried before the backoff")
            setup.fixture.clock.advance(by: 3600)
        }
        #expect(setup.fixture.log.lines.contains { $0.contains("HTTP 429") })
        #expect(setup.fixture.log.lines.contains { $0.contains("does not verify") })
        endpoint.then(.refreshed(riskMetric: 2))
        try setup.refresher.refreshDue()
        #expect(setup.record?.riskMetric == 2 && setup.record?.receiptRefreshFailures == 0, "a success clears the failures")
    }

    @Test("--app-attest-max-risk: assertions from a key whose latest metric exceeds it are refused; at or below it they pass")
    func riskPolicy() throws {
        let endpoint = try FakeAttestationDataEndpoint()
        let strict = try Setup(endpoint, maximumRisk: 5)
        #expect(try strict.approve() != nil, "no metric yet: nothing to refuse")
        endpoint.then(.refreshed(riskMetric: 7))
        try strict.refresher.refreshDue()
        expectProblem(.attestationInvalid) { _ = try strict.approve() }
        #expect(strict.fixture.log.lines.contains { $0.contains("risk metric 7 exceeds --app-attest-max-risk 5") })

        // Optional mode: a response without an assertion is refused too, for that key.
        var optional = AttestationLab.shared.configuration(appAttest: .optional)
        optional.appAttestMaximumRisk = 5
        let service = try DeviceTrustService(
            store: strict.fixture.store, pinHasher: PINHasher(pepper: SymmetricKey(size: .bits256)),
            signingKeys: TokenSigningKeys(fixed: strict.fixture.signer),
            clock: strict.fixture.clock.serviceClock, attestation: optional)
        let created = try service.createChallenge(ChallengeRequest(deviceId: strict.deviceId, key: .biometric, purpose: .unlock))
        expectProblem(.attestationInvalid) {
            _ = try service.respond(
                challengeId: created.challengeId, ChallengeResponse(signature: try strict.fixture.sign(created, with: strict.phone.biometricKey!)))
        }

        let lenient = try Setup(endpoint, maximumRisk: 7)
        endpoint.then(.refreshed(riskMetric: 7))
        try lenient.refresher.refreshDue()
        #expect(try lenient.approve() != nil)
    }

    @Test("over HTTP: the device list shows the refreshed metric, and approvals above --app-attest-max-risk are 403 attestation_invalid")
    func riskOverHTTP() throws {
        var configuration = AttestationLab.shared.configuration(appAttest: .required)
        configuration.appAttestMaximumRisk = 5
        let running = try AttestingServer(configuration)
        let appAttest = AttestationLab.shared.appAttestService()
        let keyId = appAttest.generateKey()
        let phone = try running.enrollAttested(TestPhone(), appAttest: appAttest, keyId: keyId)
        #expect(try running.approve(phone, appAttest: appAttest, keyId: keyId).status == 200)

        let endpoint = try FakeAttestationDataEndpoint()
        endpoint.then(.refreshed(riskMetric: 9))
        let refresher = AppAttestReceiptRefresher(
            configuration: .init(
                endpoint: endpoint.url, key: Self.deviceCheckKey, receiptRoots: [Data(AttestationLab.shared.appAttestAuthority.rootCertificate.der)]),
            store: running.fixture.store, clock: running.fixture.clock.serviceClock, log: running.fixture.log.serviceLog)
        #expect(try refresher.refreshDue().refreshed == 1)
        let listed = try running.send("GET", "/v1/accounts/acct-42/devices", admin: true).decoded(DeviceList.self)
        #expect(listed.devices.first?.attestation["device"]?.riskMetric == 9)
        let refused = try running.approve(phone, appAttest: appAttest, keyId: keyId)
        #expect(refused.status == 403 && refused.problemCode == "attestation_invalid")
    }

    @Test("a slow endpoint does not hold approvals: they complete while a refresh call is still waiting")
    func slowEndpoint() throws {
        let endpoint = try FakeAttestationDataEndpoint()
        let setup = try Setup(endpoint, timeout: 30)
        let release = DispatchSemaphore(value: 0)
        endpoint.then(.blocked(release))
        setup.refresher.start()
        defer {
            release.signal()
            setup.refresher.stop()
        }
        let deadline = Date().addingTimeInterval(10)
        while endpoint.received.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(endpoint.received.count == 1, "the refresh call reached the endpoint and waits")
        for _ in 0..<3 { #expect(try setup.approve() != nil) }
        #expect(setup.record?.receiptRefreshFailures == 0 && setup.record?.riskMetric == nil, "the refresh has not finished")
    }
}
