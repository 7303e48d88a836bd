import DeviceTrustCrypto
import Foundation

/// A directory of files encrypted with AES-256-GCM under one key that lives only in the
/// Keychain, so that deleting the key erases every file at once (crypto-shredding).
///
/// - **The key never touches the disk.** It is a generic-password item of the store's
///   ``Keychain`` (``Accessibility/afterFirstUnlockThisDeviceOnly`` by default: background
///   work can use it after the first unlock, and it is never restored to another device),
///   created on the first write. Key bytes are zeroised when released.
/// - **Any size, bounded memory.** Files are written and read in chunks of ``chunkSize``
///   bytes (``ProtectedFile/openWriter()``, ``ProtectedFile/openReader()``); each chunk is
///   authenticated with its index, a final-chunk flag, the file's random id and its name,
///   so truncation, reordering, appending and swapping chunks or files are detected. The
///   format is in <doc:ProtectedFiles>.
/// - **A class on every file.** Each file is created with ``fileProtection``, never left
///   to the system default by accident.
/// - **Atomic replace.** A write goes to a temporary file that is renamed over the old
///   one on ``ProtectedFileWriter/commit()``: a reader sees the old or the new contents.
/// - **"Locked" is not "gone".** ``ProtectedFileError/locked`` means try again after
///   unlock; ``ProtectedFileError/gone(_:)`` means the data cannot come back.
///
/// ```swift
/// let store = ProtectedFileStore(
///     name: "statements", directory: documents + "/statements",
///     fileSystem: LocalFileSystem(), keychain: SystemKeychainBackend())
/// try store.file(named: "2026-11.pdf").write(pdf)
/// let pdf = try store.file(named: "2026-11.pdf").read()
/// try store.destroy()   // key first, then the files
/// ```
public struct ProtectedFileStore: Sendable {
    /// The default chunk size: 64 KiB.
    public static let defaultChunkSize = 64 * 1024

    /// The store's name: the account of its key in ``keychain``.
    public let name: String
    /// The directory that holds the store's files.
    public let directory: String
    /// The protection class of every file the store writes.
    public let fileProtection: FileProtection
    /// The plaintext bytes per chunk of new files (existing files keep theirs).
    public let chunkSize: Int
    /// The keychain class of the store's key: when the key, hence every file, is usable.
    public var keyAccessibility: Accessibility { keychain.accessibility }
    /// Where the store's key lives; never handed out, so the key bytes have one reader.
    let keychain: Keychain
    let fileSystem: any ProtectedFileSystem

    /// The keychain service of every store key (the account is the store's name).
    static let keyService = "DeviceTrust.ProtectedFileStore"

    /// A store whose key is kept in `keychain` under the service
    /// `DeviceTrust.ProtectedFileStore` and the account `name`.
    /// - Parameters:
    ///   - keyAccessibility: when the key, hence every file, can be used.
    ///     ``Accessibility/whenUnlockedThisDeviceOnly`` with ``FileProtection/complete``
    ///     keeps the files closed while the phone is locked (background work then fails
    ///     with ``ProtectedFileError/locked``); the default suits files that background work
    ///     must read after the first unlock.
    ///   - fileProtection: the class set on every file written; iOS's default for new files
    ///     by default, matching the key's default class.
    ///   - chunkSize: plaintext bytes per chunk, `1...16 MiB`.
    public init(
        name: String,
        directory: String,
        fileSystem: any ProtectedFileSystem,
        keychain backend: any KeychainBackend,
        keyAccessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        fileProtection: FileProtection = .completeUntilFirstUserAuthentication,
        chunkSize: Int = ProtectedFileStore.defaultChunkSize
    ) {
        precondition(ProtectedFileFormat.chunkSizes.contains(chunkSize), "a protected file chunk size must be 1...16 MiB")
        self.name = name
        self.directory = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.fileSystem = fileSystem
        keychain = Keychain(service: Self.keyService, accessibility: keyAccessibility, backend: backend)
        self.fileProtection = fileProtection
        self.chunkSize = chunkSize
    }

    /// The file stored (or to be stored) under `name`, taken in Unicode normalization
    /// form C: the name is authenticated byte for byte, and APFS finds a file under either
    /// form, so "é" typed precomposed or decomposed is the same file.
    /// - Throws: ``ProtectedFileError/invalidName`` for an empty name, one longer than 255
    ///   UTF-8 bytes, or one with `/`, NUL or a leading `.`.
    public func file(named name: String) throws(ProtectedFileError) -> ProtectedFile {
        let name = name.precomposedStringWithCanonicalMapping
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 255, bytes.first != UInt8(ascii: "."), !bytes.contains(UInt8(ascii: "/")), !bytes.contains(0)
        else { throw .invalidName }
        return ProtectedFile(store: self, name: name)
    }

    /// The names of the store's files, sorted; empty when nothing was written yet.
    public func fileNames() throws(ProtectedFileError) -> [String] {
        do throws(ProtectedFileSystemError) {
            return try fileSystem.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
        } catch .noSuchFile {
            return []
        } catch {
            throw .mapping(error)
        }
    }

    /// Crypto-shreds the store: deletes the key first, then every file (temporary ones
    /// included). Once the key is deleted the files are unreadable even if removing them
    /// fails; ``ProtectedFile/read()`` then throws ``ProtectedFileError/gone(_:)``.
    /// The store can be written again afterwards, under a new key.
    /// - Throws: the keychain's error when the key could not be deleted (then no file was
    ///   touched), or the first file-system error after the key was deleted.
    public func destroy() throws(ProtectedFileError) {
        do {
            try keychain.delete(for: name)
        } catch let error as KeychainError {
            throw .mapping(error)
        } catch {
            throw .storage(.ioFailure("keychain delete failed"))
        }
        let names: [String]
        do throws(ProtectedFileSystemError) {
            names = try fileSystem.contentsOfDirectory(atPath: directory)
        } catch .noSuchFile {
            return
        } catch {
            throw .mapping(error)
        }
        var firstFailure: ProtectedFileSystemError?
        for file in names {
            do throws(ProtectedFileSystemError) {
                try fileSystem.removeItem(atPath: path(of: file))
            } catch .noSuchFile {
                continue
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure { throw .mapping(firstFailure) }
    }

    func path(of file: String) -> String { directory + "/" + file }
}
