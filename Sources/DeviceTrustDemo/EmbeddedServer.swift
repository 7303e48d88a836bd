import DeviceBinding
import Foundation
import TrustServer
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real DeviceTrust server on 127.0.0.1, port 0, prepared by `ServerBootstrap` in a fresh
/// temporary folder; ``stop()`` stops it and removes the folder.
final class EmbeddedServer: Sendable {
    let directory: URL
    let prepared: PreparedServer
    let server: DeviceTrustServer
    let port: UInt16
    let baseURL: URL
    /// The admin key, read from the key file; used only in the `Authorization` header.
    let adminKey: String

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("devicetrust-demo-\(UUID().uuidString)", isDirectory: true)
        let configuration = ServerConfiguration(port: 0, dataDirectory: directory.appendingPathComponent("data").path)
        do {
            prepared = try ServerBootstrap.prepare(configuration)
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

    /// Stops the server, closes the database and removes the temporary folder.
    func stop() {
        server.stop()
        prepared.store.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the integrator's backend does after its own login: `POST /v1/enrollments`
    /// with the admin key.
    func createEnrollment(accountId: String) async throws -> EnrollmentCreated {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/enrollments"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(adminKey)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try WireCoding.encode(EnrollmentRequest(accountId: accountId))
        let (status, body) = try await Self.send(request)
        guard status == 201 else { throw DemoServerAnswer(status: status, body: body) }
        return try WireCoding.decode(EnrollmentCreated.self, from: body)
    }

    /// Sends `request` as it is (no interception) and returns the status and body.
    static func send(_ request: URLRequest) async throws -> (status: Int, body: Data) {
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}

/// An answer the demo did not expect; names the status and the problem code only.
struct DemoServerAnswer: Error, CustomStringConvertible {
    let status: Int
    let code: String?

    init(status: Int, body: Data) {
        self.status = status
        code = (try? WireCoding.decode(Problem.self, from: body))?.code.rawValue
    }

    var description: String { "HTTP \(status)" + (code.map { " (\($0))" } ?? "") }
}
