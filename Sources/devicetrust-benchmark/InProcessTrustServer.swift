import DeviceBinding
import DeviceTrustCrypto
import Foundation
import MicroHTTPTestSupport
import TrustServer
import TrustStore
import TrustStoreEngines

/// A DeviceTrust server in this process, as `devicetrust serve` would run it, on
/// 127.0.0.1 (any free port) over a fresh data directory under the temporary folder,
/// with rate limits raised out of the benchmark's way. Its store is SQLite in that
/// directory unless `databaseURL` names another; every store call is timed into
/// `recorder`. ``shutDown()`` stops it and deletes the directory.
final class InProcessTrustServer {
    /// Per address and per device: far above anything two cores can send.
    static let benchmarkRateLimit = RateLimit(requestsPerSecond: 1_000_000, burst: 2_000_000)

    let port: UInt16
    let adminKey: String
    /// The temporary folder holding the data directory (`data/`).
    let dataDirectory: URL
    let threads: Int
    private let configuration: ServerConfiguration
    private let prepared: PreparedServer
    private let server: DeviceTrustServer

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// - Parameters:
    ///   - databaseURL: the store (password included); `nil` for SQLite in the data directory.
    ///   - secretsFrom: another node, whose signing key, pepper and admin key this node's
    ///     new data directory gets a copy of, so both act as one service.
    init(threads: Int, databaseURL: String? = nil, secretsFrom other: InProcessTrustServer? = nil, recorder: StoreCallRecorder) throws(Failure) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("devicetrust-benchmark-\(getpid())-\(UInt64.random(in: 0...UInt64.max))", isDirectory: true)
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: root.appendingPathComponent("data").path, databaseURL: databaseURL, threads: threads)
        configuration.perAddressRateLimit = Self.benchmarkRateLimit
        configuration.service.perDeviceRateLimit = Self.benchmarkRateLimit
        if let other {
            do {
                try Self.copySecrets(from: other.configuration, to: configuration)
            } catch {
                try? FileManager.default.removeItem(at: root)
                throw Failure(description: "cannot copy the data directory of the first node: \(error)")
            }
        }
        do {
            prepared = try ServerBootstrap.prepare(
                configuration,
                openStore: { url throws(StoreError) in
                    TimedTrustStore(try TrustStoreEngines.open(url)) { call, seconds in recorder.record(call, seconds: seconds) }
                })
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw Failure(description: "cannot prepare the server: \(error)")
        }
        server = DeviceTrustServer(
            service: prepared.service, adminKey: prepared.adminKey, perAddressRateLimit: configuration.perAddressRateLimit)
        do {
            adminKey = try String(contentsOf: prepared.adminKeyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            port = try server.start(host: configuration.host, port: 0, threads: threads)
        } catch {
            server.stop()
            prepared.store.close()
            try? FileManager.default.removeItem(at: root)
            throw Failure(description: "cannot start the server: \(error)")
        }
        dataDirectory = root
        self.threads = threads
        self.configuration = configuration
    }

    /// Stops the server, closes the database and deletes the data directory.
    func shutDown() {
        server.stop()
        prepared.store.close()
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Copies the secrets (the signing key folder, the pepper, the admin key; files mode 0600) into `target`'s new data directory (mode 0700),
    /// as an operator copies a node's data directory to the next.
    private static func copySecrets(from source: ServerConfiguration, to target: ServerConfiguration) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: target.dataDirectoryURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.createDirectory(at: target.signingKeyFolderURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let keyFiles = try manager.contentsOfDirectory(atPath: source.signingKeyFolderURL.path).map { name in
            (source.signingKeyFolderURL.appendingPathComponent(name), target.signingKeyFolderURL.appendingPathComponent(name))
        }
        for (from, to) in keyFiles + [(source.pepperURL, target.pepperURL), (source.adminKeyURL, target.adminKeyURL)] {
            let contents = try Data(contentsOf: from)
            guard manager.createFile(atPath: to.path, contents: contents, attributes: [.posixPermissions: 0o600]) else {
                throw Failure(description: "cannot write \(to.path)")
            }
        }
    }
}

/// A device enrolled over HTTP for the benchmark: its id and its software biometric key.
struct EnrolledDevice: Sendable {
    let deviceId: String
    let biometricKey: P256.Signing.PrivateKey

    /// Enrolls a device for `accountId` over `connection`, as the integrator's backend
    /// (admin key) and the app would: `POST /v1/enrollments`, then the completion with
    /// both keys' proofs over the payload. No PIN (so no Argon2id): the benchmark only
    /// uses the biometric key.
    static func enroll(accountId: String, over connection: LoopbackHTTPClient, adminKey: String) throws -> EnrolledDevice {
        let started = try connection.send("POST", "/v1/enrollments", json: WireCoding.encode(EnrollmentRequest(accountId: accountId)), bearer: adminKey)
        guard started.status == 201 else {
            throw InProcessTrustServer.Failure(description: "POST /v1/enrollments answered \(started.status): \(String(decoding: started.body, as: UTF8.self))")
        }
        let created = try WireCoding.decode(EnrollmentCreated.self, from: started.body)
        let payload = try Base64URL.decode(created.signingPayload)
        let deviceKey = P256.Signing.PrivateKey()
        let biometricKey = P256.Signing.PrivateKey()
        let completion = EnrollmentCompletion(
            platform: .ios, deviceName: "benchmark \(accountId)",
            deviceKey: KeyRegistration(key: deviceKey.publicKey, proof: try deviceKey.signature(for: payload)),
            biometricKey: KeyRegistration(key: biometricKey.publicKey, proof: try biometricKey.signature(for: payload)),
            pin: nil)
        let completed = try connection.send("POST", "/v1/enrollments/\(created.enrollmentId)/complete", json: WireCoding.encode(completion))
        guard completed.status == 201 else {
            throw InProcessTrustServer.Failure(
                description: "POST /v1/enrollments/…/complete answered \(completed.status): \(String(decoding: completed.body, as: UTF8.self))")
        }
        let device = try WireCoding.decode(EnrollmentCompleted.self, from: completed.body)
        return EnrolledDevice(deviceId: device.deviceId, biometricKey: biometricKey)
    }
}
