import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The device's own file system, through Foundation: on iOS every file is created with its
/// ``FileProtection`` class (`FileAttributeKey.protectionKey`), and a read or write refused
/// because the class is locked reports ``ProtectedFileSystemError/protectedDataUnavailable``.
/// Elsewhere the classes are recorded nowhere and never refuse (macOS and Linux have no
/// per-file data protection), so lock behaviour is tested on `DeviceEmulator` instead. The iOS
/// branches are also compiled on Linux by Tests/AppleSurface (`DEVICETRUST_APPLE_SURFACE`).
public struct LocalFileSystem: ProtectedFileSystem {
    /// The file system of this process.
    public init() {}

    /// Creates the directory and its missing parents.
    public func createDirectory(atPath path: String) throws(ProtectedFileSystemError) {
        try mapped { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    }

    /// The names of the files and folders directly in the directory.
    public func contentsOfDirectory(atPath path: String) throws(ProtectedFileSystemError) -> [String] {
        try mapped { try FileManager.default.contentsOfDirectory(atPath: path) }
    }

    /// Creates an empty file with `protection` (`O_CREAT | O_EXCL`, mode 0600) and opens it.
    public func createFile(atPath path: String, protection: FileProtection) throws(ProtectedFileSystemError) -> any ProtectedFileWriteHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Self.error(errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || DEVICETRUST_APPLE_SURFACE
        do {
            try FileManager.default.setAttributes([.protectionKey: FileProtectionType(rawValue: protection.rawValue)], ofItemAtPath: path)
        } catch {
            try? handle.close()
            unlink(path)
            throw Self.mapping(error)
        }
        #endif
        return LocalFileHandle(handle)
    }

    /// Opens an existing file for reading.
    public func openFile(atPath path: String) throws(ProtectedFileSystemError) -> any ProtectedFileReadHandle {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Self.error(errno: errno) }
        return LocalFileHandle(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// `rename(2)`: atomic replace within one file system.
    public func replaceItem(atPath destination: String, withItemAtPath source: String) throws(ProtectedFileSystemError) {
        guard rename(source, destination) == 0 else { throw Self.error(errno: errno) }
    }

    /// Removes the file.
    public func removeItem(atPath path: String) throws(ProtectedFileSystemError) {
        guard unlink(path) == 0 else { throw Self.error(errno: errno) }
    }

    /// The file's class on iOS; elsewhere ``FileProtection/none``, which is what the file
    /// has there (no data protection).
    public func protection(ofItemAtPath path: String) throws(ProtectedFileSystemError) -> FileProtection {
        let attributes = try mapped { try FileManager.default.attributesOfItem(atPath: path) }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || DEVICETRUST_APPLE_SURFACE
        if let type = attributes[.protectionKey] as? FileProtectionType, let protection = FileProtection(rawValue: type.rawValue) {
            return protection
        }
        return .systemDefault
        #else
        _ = attributes
        return .none
        #endif
    }

    private func mapped<T>(_ body: () throws -> T) throws(ProtectedFileSystemError) -> T {
        do {
            return try body()
        } catch {
            throw Self.mapping(error)
        }
    }

    /// The one place where Foundation and POSIX failures become ``ProtectedFileSystemError``.
    static func mapping(_ error: any Error) -> ProtectedFileSystemError {
        if let error = error as? CocoaError {
            switch error.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return .noSuchFile
            case .fileWriteFileExists: return .fileExists
            default: break
            }
            if let posix = error.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
                return Self.error(errno: Int32(posix.code))
            }
            return .ioFailure("Cocoa error \(error.code.rawValue)")
        }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Self.error(errno: Int32(nsError.code)) }
        return .ioFailure("\(nsError.domain) \(nsError.code)")
    }

    /// `ENOENT` is a missing file; on iOS, `EPERM` (what a read or write of a file whose
    /// class is locked fails with) is locked data.
    static func error(errno code: Int32) -> ProtectedFileSystemError {
        switch code {
        case ENOENT: return .noSuchFile
        case EEXIST: return .fileExists
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || DEVICETRUST_APPLE_SURFACE
        case EPERM: return .protectedDataUnavailable
        #endif
        default: return .ioFailure("errno \(code)")
        }
    }
}

/// A Foundation file handle behind the protocols: one owner, closed once.
final class LocalFileHandle: ProtectedFileReadHandle, ProtectedFileWriteHandle {
    private var handle: FileHandle?

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func read(upToCount count: Int) throws(ProtectedFileSystemError) -> Data {
        guard let handle else { throw .handleClosed }
        do {
            return try handle.read(upToCount: count) ?? Data()
        } catch {
            throw LocalFileSystem.mapping(error)
        }
    }

    func write(_ data: Data) throws(ProtectedFileSystemError) {
        guard let handle else { throw .handleClosed }
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw LocalFileSystem.mapping(error)
        }
    }

    func synchronize() throws(ProtectedFileSystemError) {
        guard let handle else { throw .handleClosed }
        do {
            try handle.synchronize()
        } catch {
            throw LocalFileSystem.mapping(error)
        }
    }

    func close() {
        try? handle?.close()
        handle = nil
    }
}
