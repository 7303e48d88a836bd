import ASN1DER
import DeviceBinding
import Foundation
import TrustServer
import TrustStoreEngines
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real DeviceTrust server on 127.0.0.1, port 0, prepared by `ServerBootstrap` in a fresh
/// temporary folder; ``stop()`` stops it and removes the folder.
///
/// The demo's server, and reusable as it is in integrators' own tests: start one with
/// ``run(directoryPrefix:_:)`` (or ``init(directoryPrefix:)`` and ``stop()``), create
/// enrollments with the admin key and point a `DeviceTrustClient` at ``baseURL``. For tests
/// and demos only: the data and the admin key live in a throwaway folder.
public final class EmbeddedServer: Sendable {
    /// The temporary folder holding the data directory.
    public let directory: URL
    public let prepared: PreparedServer
    public let server: DeviceTrustServer
    public let port: UInt16
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    /// The admin key, read from the key file; used only in the `Authorization` header.
    public let adminKey: String

    /// Prepares and starts a server in a new folder named `<directoryPrefix>-<UUID>` under the
    /// temporary directory.
    /// - Parameters:
    ///   - attestation: the attestation options, as `devicetrust serve` takes them (off by default).
    ///   - appAttestRoots: DER certificates that replace Apple's App Attestation root and Apple
    ///     Root CA - G3, such as an emulated authority's (written to the folder and passed as
    ///     `--app-attest-root` and `--app-attest-receipt-root`).
    ///
    /// Enrollments and challenges stay valid for ``challengeTTL`` (an hour), not the
    /// production default of 120 s: a test on a busy machine can be descheduled for minutes
    /// between creating an enrollment and completing it, and its lifetime is not what such a
    /// test checks. Expiry is tested against the service with a controlled clock.
    public init(directoryPrefix: String = "devicetrust-demo", attestation: AttestationOptions = AttestationOptions(), appAttestRoots: [Data] = []) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(directoryPrefix)-\(UUID().uuidString)", isDirectory: true)
        var configuration = ServerConfiguration(port: 0, dataDirectory: directory.appendingPathComponent("data").path)
        configuration.service.challengeTTL = Self.challengeTTL
        configuration.attestation = attestation
        do {
            if !appAttestRoots.isEmpty {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let rootFile = directory.appendingPathComponent("app-attest-roots.pem")
                try Data(appAttestRoots.map { PEMBlocks.encode($0) }.joined().utf8).write(to: rootFile)
                configuration.attestation.appAttestRootPath = rootFile.path
                configuration.attestation.appAttestReceiptRootPath = rootFile.path
            }
            prepared = try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        server = DeviceTrustServer(service: prepared.service, adminKey: prepared.adminKey)
        do {
            port = try server.start(port: 0, threads: 4)
            adminKey = try String(contentsOf: prepared.adminKeyFile, encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            server.stop()
            prepared.store.close()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// How long the embedded server's enrollments and challenges stay valid, in seconds.
    public static let challengeTTL: TimeInterval = 3600

    /// Runs `body` against a fresh server, then stops it (also when `body` throws).
    public static func run<Result>(
        directoryPrefix: String = "devicetrust-demo", attestation: AttestationOptions = AttestationOptions(), appAttestRoots: [Data] = [],
        _ body: (EmbeddedServer) async throws -> Result
    ) async throws -> Result {
        let running = try EmbeddedServer(directoryPrefix: directoryPrefix, attestation: attestation, appAttestRoots: appAttestRoots)
        defer { running.stop() }
        return try await body(running)
    }

    /// Stops the server, closes the database and removes the temporary folder.
    public func stop() {
        server.stop()
        prepared.store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the integrator's backend does after its own login: `POST /v1/enrollments`
    /// with the admin key.
    /// - Throws: ``DemoServerAnswer`` unless the server answers 201.
    public func createEnrollment(accountId: String) async throws -> EnrollmentCreated {
        let (status, body) = try await post("v1/enrollments", EnrollmentRequest(accountId: accountId), admin: true)
        guard status == 201 else { throw DemoServerAnswer(status: status, body: body) }
        return try WireCoding.decode(EnrollmentCreated.self, from: body)
    }

    /// `POST` of `body` as JSON to `path` (such as `v1/challenges`), with the admin key when
    /// `admin`; returns the status and body as they came, for tests and demos that send what
    /// a client would not.
    public func post(_ path: String, _ body: some Encodable, admin: Bool = false) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = "POST"
        if admin { request.setValue("Bearer \(adminKey)", forHTTPHeaderField: "Authorization") }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try WireCoding.encode(body)
        return try await Self.send(request)
    }

    /// `GET /.well-known/jwks.json`: the public keys that verify this server's access tokens.
    public func jwks() async throws -> Data {
        try await URLSession.shared.data(from: baseURL.appendingPathComponent(".well-known/jwks.json")).0
    }

    /// Sends `request` as it is (no interception) and returns the status and body.
    public static func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

/// An answer the demo did not expect; names the status and the problem code only.
public struct DemoServerAnswer: Error, CustomStringConvertible {
    public let status: Int
    public let code: String?

    public init(status: Int, body: Data) {
        self.status = status
        code = (try? WireCoding.decode(Problem.self, from: body))?.code.rawValue
    }

    public var description: String { "HTTP \(status)" + (code.map { " (\($0))" } ?? "") }
}
