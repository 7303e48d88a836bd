import DeviceBinding
import Foundation
import ServerCredentials
import TrustServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real DeviceTrust server on 127.0.0.1, port 0, prepared by `ServerBootstrap` in a
/// temporary folder; ``run(_:)`` stops it and removes the folder afterwards.
final class InProcessServer: Sendable {
    let directory: URL
    let prepared: PreparedServer
    let server: DeviceTrustServer
    let baseURL: URL
    private let adminKey: String

    private init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("DeviceBindingClientTests-\(UUID().uuidString)", isDirectory: true)
        prepared = try ServerBootstrap.prepare(ServerConfiguration(port: 0, dataDirectory: directory.appendingPathComponent("data").path))
        server = DeviceTrustServer(service: prepared.service, adminKey: prepared.adminKey)
        let port = try server.start(port: 0, threads: 4)
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        adminKey = try String(contentsOf: prepared.adminKeyFile, encoding: .utf8)
    }

    /// Runs `body` against a fresh server, then stops it.
    static func run<Result>(_ body: (InProcessServer) async throws -> Result) async throws -> Result {
        let running = try InProcessServer()
        defer {
            running.server.stop()
            running.prepared.store.close()
            try? FileManager.default.removeItem(at: running.directory)
        }
        return try await body(running)
    }

    /// What the integrator's backend does after its own login: `POST /v1/enrollments`
    /// with the admin key.
    func createEnrollment(accountId: String) async throws -> EnrollmentCreated {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/enrollments"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(adminKey)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try WireCoding.encode(EnrollmentRequest(accountId: accountId))
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 201 else {
            throw EnrollmentCreationFailed(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: String(decoding: data, as: UTF8.self))
        }
        return try WireCoding.decode(EnrollmentCreated.self, from: data)
    }

    /// `GET /.well-known/jwks.json`.
    func jwks() async throws -> Data {
        try await URLSession.shared.data(from: baseURL.appendingPathComponent(".well-known/jwks.json")).0
    }

    /// Verifies `token` as an integrator's backend would: ServerCredentials'
    /// `AccessTokenVerifier` with this server's JWKS and the default issuer and audience.
    func verifyToken(_ token: String) async throws -> AccessTokenClaims {
        try AccessTokenVerifier(jwks: try await jwks(), issuer: "devicetrust", audience: "devicetrust").verify(token)
    }
}

/// `POST /v1/enrollments` did not answer 201.
struct EnrollmentCreationFailed: Error {
    let status: Int
    let body: String
}
