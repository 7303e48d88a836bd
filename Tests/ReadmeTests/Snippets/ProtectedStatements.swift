import Foundation
import SecureStorage

/// Downloaded statements, encrypted on disk under a key that only the Keychain holds, in
/// `.complete` files (readable only while the phone is unlocked). On an iPhone pass
/// `SystemKeychainBackend()` and `LocalFileSystem()`; in tests, an emulated iPhone's.
func statements(in directory: String, keychain: any KeychainBackend, files: any ProtectedFileSystem) -> ProtectedFileStore {
    ProtectedFileStore(
        name: "statements", directory: directory, fileSystem: files, keychain: keychain,
        keyAccessibility: .whenUnlockedThisDeviceOnly, fileProtection: .complete)
}

/// A statement, or why it cannot be shown now: locked is not gone.
func statementText(_ name: String, in store: ProtectedFileStore) -> String {
    do {
        return String(decoding: try store.file(named: name).read(), as: UTF8.self)
    } catch ProtectedFileError.locked {
        return "Unlock your phone to see this statement."
    } catch ProtectedFileError.gone {
        return "This statement is no longer on this phone."
    } catch {
        return "This statement is damaged; download it again."
    }
}
