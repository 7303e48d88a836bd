import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// The iOS quick start's protected-file code (`Snippets/ProtectedStatements.swift`) on an
/// emulated iPhone: a statement reads while unlocked, is locked (not gone) while the phone
/// is locked, damaged once changed on disk, and gone after `destroy()`.
enum ProtectedFilesRun {
    static func run(_ context: ReadmeRunContext) throws {
        let phone = EmulatedDevice()
        let app = phone.install(AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank"))
        let store = statements(in: "/Documents/statements", keychain: app.keychain, files: app.files)
        try store.file(named: "2026-11.pdf").write(Data("November statement".utf8))
        try store.file(named: "2026-10.pdf").write(Data("October statement".utf8))
        #expect(statementText("2026-11.pdf", in: store) == "November statement")

        phone.lock()
        #expect(statementText("2026-11.pdf", in: store) == "Unlock your phone to see this statement.")
        phone.unlock()

        var stored = try #require(app.files.rawContents(atPath: "/Documents/statements/2026-10.pdf"))
        stored[stored.count - 1] ^= 1
        app.files.setRawContents(stored, atPath: "/Documents/statements/2026-10.pdf")
        #expect(statementText("2026-10.pdf", in: store) == "This statement is damaged; download it again.")

        try store.destroy()
        #expect(statementText("2026-11.pdf", in: store) == "This statement is no longer on this phone.")
    }
}
