import DeviceBinding
import Foundation
import Testing
@testable import TrustServer

@Suite("Server bootstrap")
struct ServerBootstrapTests {
    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("creates every missing folder 0700 and every secret file 0600, and reuses them")
    func createsAndReuses() throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("one/two/data")
        let configuration = ServerConfiguration(port: 0, dataDirectory: data)
        let first = try ServerBootstrap.prepare(configuration)
        first.store.close()
        for folder in ["one", "one/two", "one/two/data"] {
            #expect(try mode(directory.path(folder)) == 0o700)
        }
        for file in ["admin-api-key", "pin-pepper.bin", "token-signing-key.pem", "devicetrust.sqlite"] {
            #expect(try mode("\(data)/\(file)") == 0o600, "\(file)")
        }
        #expect(first.adminKeyFile.path == "\(data)/admin-api-key")
        let keyText = try String(contentsOf: first.adminKeyFile, encoding: .utf8)
        #expect(keyText.utf8.count == 43)
        #expect(try Base64URL.decode(keyText).count == 32)
        #expect(first.adminKey.authorizes("Bearer \(keyText)"))
        #expect(!"\(first.adminKey)".contains(keyText))

        let second = try ServerBootstrap.prepare(configuration)
        defer { second.store.close() }
        #expect(second.adminKey.authorizes("Bearer \(keyText)"))
        #expect(second.service.jwks() == first.service.jwks())
    }

    @Test("an admin key file readable by others is refused")
    func refusesWideKeyFile() throws {
        let directory = try TemporaryDirectory()
        let keyPath = directory.path("admin-api-key")
        _ = FileManager.default.createFile(atPath: keyPath, contents: Data(Base64URL.encode(Data(count: 32)).utf8), attributes: [.posixPermissions: 0o644])
        #expect(throws: BootstrapError.self) { try ServerBootstrap.prepare(ServerConfiguration(dataDirectory: directory.url.path)).store.close() }
    }

    @Test("--database puts the database elsewhere")
    func customDatabase() throws {
        let directory = try TemporaryDirectory()
        let configuration = ServerConfiguration(dataDirectory: directory.path("data"), databaseURL: "sqlite:\(directory.path("elsewhere.sqlite"))")
        let prepared = try ServerBootstrap.prepare(configuration)
        prepared.store.close()
        #expect(FileManager.default.fileExists(atPath: directory.path("elsewhere.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("data/devicetrust.sqlite")))
    }

    @Test("the admin key is compared whole, with the Bearer scheme only")
    func adminKeyComparison() {
        let (key, text) = AdminAPIKey.generate()
        #expect(key.authorizes("Bearer \(text)"))
        #expect(key.authorizes("bearer \(text)"))
        #expect(!key.authorizes(nil))
        #expect(!key.authorizes("Bearer"))
        #expect(!key.authorizes("Bearer \(text.dropLast())"))
        #expect(!key.authorizes("Basic \(text)"))
        #expect(!key.authorizes(text))
    }
}
