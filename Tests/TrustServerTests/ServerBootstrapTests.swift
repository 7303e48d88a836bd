import DeviceBinding
import Foundation
import Testing
import TrustStoreEngines
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
        let first = try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open)
        first.store.close()
        for folder in ["one", "one/two", "one/two/data"] {
            #expect(try mode(directory.path(folder)) == 0o700)
        }
        for file in ["admin-api-key", "pin-pepper.bin", "devicetrust.sqlite"] {
            #expect(try mode("\(data)/\(file)") == 0o600, "\(file)")
        }
        #expect(try mode("\(data)/token-signing-keys") == 0o700)
        let keyFiles = try FileManager.default.contentsOfDirectory(atPath: "\(data)/token-signing-keys")
        #expect(keyFiles.count == 1)
        for file in keyFiles { #expect(try mode("\(data)/token-signing-keys/\(file)") == 0o600) }
        #expect(!FileManager.default.fileExists(atPath: "\(data)/token-signing-key.pem"), "a new data directory has only the key folder")
        #expect(first.adminKeyFile.path == "\(data)/admin-api-key")
        let keyText = try String(contentsOf: first.adminKeyFile, encoding: .utf8)
        #expect(keyText.utf8.count == 43)
        #expect(try Base64URL.decode(keyText).count == 32)
        #expect(first.adminKey.authorizes("Bearer \(keyText)"))
        #expect(!"\(first.adminKey)".contains(keyText))

        let second = try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open)
        defer { second.store.close() }
        #expect(second.adminKey.authorizes("Bearer \(keyText)"))
        #expect(second.service.jwks() == first.service.jwks())
    }

    @Test("an admin key file readable by others is refused")
    func refusesWideKeyFile() throws {
        let directory = try TemporaryDirectory()
        let configuration = ServerConfiguration(dataDirectory: directory.url.path)
        try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open).store.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: configuration.adminKeyURL.path)
        #expect(throws: BootstrapError.self) { try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open).store.close() }
    }

    @Test(
        "secrets are created only in a new data directory: one holding some but not all is refused",
        arguments: [
            "token-signing-keys", "pin-pepper.bin", "admin-api-key",
        ])
    func refusesPartialSecrets(_ missing: String) throws {
        let directory = try TemporaryDirectory()
        let configuration = ServerConfiguration(dataDirectory: directory.url.path)
        try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open).store.close()
        try FileManager.default.removeItem(atPath: directory.path(missing))
        do {
            try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open).store.close()
            Issue.record("a data directory without \(missing) was completed")
        } catch {
            #expect(error.reason.contains(missing))
            #expect(error.reason.contains("copy the whole data directory"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path(missing)))
    }

    @Test("a copied data directory gives the same signing key, admin key and pepper")
    func copiedDataDirectory() throws {
        let directory = try TemporaryDirectory()
        let first = ServerConfiguration(dataDirectory: directory.path("node-1"), databaseURL: "sqlite:\(directory.path("shared.sqlite"))")
        let original = try ServerBootstrap.prepare(first, openStore: TrustStoreEngines.open)
        original.store.close()
        try FileManager.default.copyItem(atPath: directory.path("node-1"), toPath: directory.path("node-2"))
        var second = first
        second.dataDirectory = directory.path("node-2")
        let copy = try ServerBootstrap.prepare(second, openStore: TrustStoreEngines.open)
        defer { copy.store.close() }
        #expect(copy.service.jwks() == original.service.jwks())
        let keyText = try String(contentsOf: original.adminKeyFile, encoding: .utf8)
        #expect(copy.adminKey.authorizes("Bearer \(keyText)"))
    }

    @Test("--database puts the database elsewhere")
    func customDatabase() throws {
        let directory = try TemporaryDirectory()
        let configuration = ServerConfiguration(dataDirectory: directory.path("data"), databaseURL: "sqlite:\(directory.path("elsewhere.sqlite"))")
        let prepared = try ServerBootstrap.prepare(configuration, openStore: TrustStoreEngines.open)
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
