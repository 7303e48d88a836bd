import DeviceBinding
import DeviceEmulator
import DeviceTrustDemo
import EmulatedAttestation
import Foundation
import SecureStorage
import Testing
import TrustServer
@testable import DeviceBindingClient

/// The shipped client with App Attest against a real server on loopback started with
/// `--app-attest required --platforms ios` and the emulator's test root.
@Suite("Client with App Attest end to end")
struct AppAttestClientEndToEndTests {
    static let authority = try! AppAttestAuthority()
    static let appID = "ABCDE12345.com.example.bank"
    static let quickRetry = AppAttestRetryPolicy(maxAttempts: 4, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(4))
    let transfer: JSONValue = ["type": "transfer", "amount": 25, "currency": "EUR"]

    static func withServer<T>(_ body: (EmbeddedServer) async throws -> T) async throws -> T {
        var options = AttestationOptions()
        options.appIDs = [appID]
        options.appAttestMode = .required
        options.appAttestEnvironment = .development
        options.platforms = [.ios]
        return try await EmbeddedServer.run(
            directoryPrefix: "AppAttestClientTests", attestation: options, appAttestRoots: [Data(authority.rootCertificate.der)], body)
    }

    static func appAttest(isSupported: Bool = true) -> EmulatedAppAttestService {
        EmulatedAppAttestService(appID: appID, environment: .development, authority: authority, isSupported: isSupported)
    }

    static func client(_ server: EmbeddedServer, _ phone: DemoPhone, _ service: EmulatedAppAttestService, keys: Bool = false) -> DeviceTrustClient {
        DeviceTrustClient(
            baseURL: server.baseURL, deviceKey: keys ? phone.deviceKey : nil, biometricKey: keys ? phone.biometricKey : nil,
            appAttest: service, appAttestKeychain: phone.app.keychain, appAttestRetry: quickRetry)
    }

    /// A new phone enrolled with App Attest through a client of `server`.
    static func enrolledPhone(_ server: EmbeddedServer) async throws -> (DemoPhone, EmulatedAppAttestService, DeviceTrustClient, EnrollmentCompleted) {
        let phone = try DemoPhone(bundleID: "com.example.bank")
        let service = appAttest()
        let client = client(server, phone, service)
        return (phone, service, client, try await phone.enroll(with: client, on: server))
    }

    /// The key id the client keeps, read as the app would after a relaunch.
    static func storedKeyId(_ phone: DemoPhone) throws -> String? {
        try Keychain(service: "DeviceTrust.AppAttest", backend: phone.app.keychain).loadIfPresent(for: AppAttestSession.keyIdItem)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("enrollment attests a key over the enrolled keys; every approval carries an assertion; the key id survives a relaunch")
    func requiredEndToEnd() async throws {
        try await Self.withServer { server in
            let (phone, service, client, enrolled) = try await Self.enrolledPhone(server)

            let keyId = try #require(try Self.storedKeyId(phone))
            let record = try #require(try server.prepared.store.keyAttestation(deviceId: enrolled.deviceId, kind: .device))
            #expect(record.appAttestKeyId == Data(base64Encoded: keyId))
            #expect(record.appAttestAppId == Self.appID)
            #expect(service.attestationRequests.map(\.keyId) == [keyId])

            _ = try await client.approve(action: transfer, deviceId: enrolled.deviceId)
            _ = try await client.unlock(deviceId: enrolled.deviceId)
            #expect(try server.prepared.store.keyAttestation(deviceId: enrolled.deviceId, kind: .device)?.signCount == 2)

            let relaunched = Self.client(server, phone, service, keys: true)
            _ = try await relaunched.approve(action: transfer, deviceId: enrolled.deviceId)
            #expect(try server.prepared.store.keyAttestation(deviceId: enrolled.deviceId, kind: .device)?.signCount == 3)

            // Without App Attest the same keys are refused: the assertion is what the server checks.
            let plain = DeviceTrustClient(baseURL: server.baseURL, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey)
            await #expect(throws: Problem.self) { _ = try await plain.approve(action: transfer, deviceId: enrolled.deviceId) }
        }
    }

    @Test("twenty approvals at once all succeed: assertions for one key reach the server in counter order")
    func parallelApprovals() async throws {
        try await Self.withServer { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let client = Self.client(server, phone, Self.appAttest())
            let enrolled = try await phone.enroll(with: client, on: server)
            let action = transfer
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 {
                    group.addTask { (try? await client.approve(action: action, deviceId: enrolled.deviceId)) != nil }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 20)
            #expect(try server.prepared.store.keyAttestation(deviceId: enrolled.deviceId, kind: .device)?.signCount == 20)
        }
    }

    @Test("Apple unavailable: the attestation is retried with the same key and hash, then appAttestRateLimited with the enrollment still open")
    func rateLimited() async throws {
        try await Self.withServer { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let service = Self.appAttest()
            service.failNextAttestations(2)
            _ = try await phone.enroll(with: Self.client(server, phone, service), on: server)
            let requests = service.attestationRequests
            #expect(requests.count == 3)
            #expect(Set(requests).count == 1, "the same key and client data hash every time")

            let other = try DemoPhone(bundleID: "com.example.bank")
            let busy = Self.appAttest()
            busy.failNextAttestations(10)
            let created = try await server.createEnrollment(accountId: "acct-7")
            let client = Self.client(server, other, busy)
            await expectClientError(.appAttestRateLimited) {
                try await client.enroll(
                    enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: "Phone", platform: .ios,
                    deviceKey: other.deviceKey, biometricKey: other.biometricKey, pin: DemoPhone.pin)
            }
            #expect(busy.attestationRequests.count == Self.quickRetry.maxAttempts)
            #expect(try Self.storedKeyId(other) == nil)
            // Nothing reached the server: the same enrollment completes once Apple answers.
            busy.failNextAttestations(0)
            _ = try await client.enroll(
                enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: "Phone", platform: .ios,
                deviceKey: other.deviceKey, biometricKey: other.biometricKey, pin: DemoPhone.pin)
        }
    }

    @Test("an unsupported device gets appAttestUnsupported before anything is sent")
    func unsupported() async throws {
        try await Self.withServer { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            let service = Self.appAttest(isSupported: false)
            await expectClientError(.appAttestUnsupported) { try await phone.enroll(with: Self.client(server, phone, service), on: server) }
            #expect(service.attestationRequests.isEmpty)
        }
    }

    @Test("a key that became invalid: appAttestKeyInvalid, the key id forgotten, and the device enrolls again")
    func invalidKey() async throws {
        try await Self.withServer { server in
            let (phone, service, client, enrolled) = try await Self.enrolledPhone(server)
            service.invalidateKey(try #require(try Self.storedKeyId(phone)))
            await expectClientError(.appAttestKeyInvalid) { try await client.approve(action: transfer, deviceId: enrolled.deviceId) }
            #expect(try Self.storedKeyId(phone) == nil)
            let again = try await phone.enroll(with: client, on: server)
            _ = try await client.approve(action: transfer, deviceId: again.deviceId)
        }
    }

    @Test("the key id is kept ThisDeviceOnly: restored onto the same phone it is there, onto another phone it is not")
    func restore() async throws {
        try await Self.withServer { server in
            let phone = try DemoPhone(bundleID: "com.example.bank")
            _ = try await phone.enroll(with: Self.client(server, phone, Self.appAttest()), on: server)
            let keyId = try Self.storedKeyId(phone)
            #expect(keyId != nil)
            let backup = phone.device.backup()

            phone.device.restore(backup)
            #expect(try Self.storedKeyId(phone) == keyId)

            let newPhone = try DemoPhone(bundleID: "com.example.bank")
            newPhone.device.restore(backup)
            #expect(try Self.storedKeyId(newPhone) == nil)
        }
    }
}
