import DeviceTrustCrypto
import Foundation
import ServerCredentials
import Testing

@Suite("Secret files: pepper and signing key")
struct CredentialFileTests {
    @Test("A new pepper file is 32 bytes with mode 0600, and loads back unchanged")
    func pepperCreated() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("pin-pepper")
        let created = try PepperFile.loadOrCreate(at: url)
        #expect(try permissions(of: url) == 0o600)
        #expect(try Data(contentsOf: url).count == 32)
        #expect(try PepperFile.loadOrCreate(at: url) == created)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path) == ["pin-pepper"])
    }

    @Test("A pepper file readable by others, of the wrong size, or a symlink is refused", arguments: [0o644, 0o640, 0o604, 0o700, 0o660])
    func pepperWidePermissions(_ mode: Int) throws {
        let url = try makeTemporaryFolder().appendingPathComponent("pin-pepper")
        _ = try PepperFile.loadOrCreate(at: url)
        try setPermissions(mode, of: url)
        #expect(throws: CredentialFileError(code: .permissionsTooWide)) { try PepperFile.loadOrCreate(at: url) }
    }

    @Test("A 0400 pepper file is accepted")
    func pepperReadOnly() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("pin-pepper")
        let created = try PepperFile.loadOrCreate(at: url)
        try setPermissions(0o400, of: url)
        #expect(try PepperFile.loadOrCreate(at: url) == created)
    }

    @Test("A pepper file of the wrong size, a symlink or a folder is refused")
    func pepperWrongFile() throws {
        let folder = try makeTemporaryFolder()
        let short = folder.appendingPathComponent("short")
        #expect(FileManager.default.createFile(atPath: short.path, contents: Data(repeating: 1, count: 31), attributes: [.posixPermissions: 0o600]))
        #expect(throws: CredentialFileError(code: .wrongSize)) { try PepperFile.loadOrCreate(at: short) }
        let long = folder.appendingPathComponent("long")
        #expect(FileManager.default.createFile(atPath: long.path, contents: Data(repeating: 1, count: 33), attributes: [.posixPermissions: 0o600]))
        #expect(throws: CredentialFileError(code: .wrongSize)) { try PepperFile.loadOrCreate(at: long) }
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: short)
        #expect(throws: CredentialFileError(code: .notARegularFile)) { try PepperFile.loadOrCreate(at: link) }
        #expect(throws: CredentialFileError(code: .notARegularFile)) { try PepperFile.loadOrCreate(at: folder) }
    }

    @Test("The error names the file and the fix, never the bytes")
    func errorText() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("pin-pepper")
        _ = try PepperFile.loadOrCreate(at: url)
        try setPermissions(0o644, of: url)
        do {
            _ = try PepperFile.loadOrCreate(at: url)
            Issue.record("a 0644 pepper was accepted")
        } catch {
            let text = String(describing: error)
            #expect(text.contains(url.path))
            #expect(text.contains("chmod 600"))
            #expect(text.contains("644"))
        }
    }

    @Test("A new signing key file is a PEM private key with mode 0600 that loads back")
    func signingKeyCreated() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("token-signing-key.pem")
        let created = try SigningKeyFile.loadOrCreate(at: url)
        #expect(try permissions(of: url) == 0o600)
        #expect(try String(contentsOf: url, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try SigningKeyFile.loadOrCreate(at: url).rawRepresentation == created.rawRepresentation)
    }

    @Test("A signing key file with wide permissions or other contents is refused")
    func signingKeyRefused() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("token-signing-key.pem")
        _ = try SigningKeyFile.loadOrCreate(at: url)
        try setPermissions(0o644, of: url)
        #expect(throws: CredentialFileError(code: .permissionsTooWide)) { try SigningKeyFile.loadOrCreate(at: url) }
        let garbage = url.deletingLastPathComponent().appendingPathComponent("garbage.pem")
        #expect(
            FileManager.default.createFile(
                atPath: garbage.path, contents: Data("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n".utf8),
                attributes: [.posixPermissions: 0o600]))
        #expect(throws: CredentialFileError(code: .invalidContents)) { try SigningKeyFile.loadOrCreate(at: garbage) }
    }

    @Test("A missing folder gives an I/O error naming the path")
    func missingFolder() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("absent/pin-pepper")
        #expect(throws: CredentialFileError(code: .ioFailure)) { try PepperFile.loadOrCreate(at: url) }
    }
}
