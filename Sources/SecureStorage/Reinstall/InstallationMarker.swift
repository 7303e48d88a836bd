import Foundation

/// Something that survives exactly as long as the app's installation: a file in the app's
/// container, which iOS deletes on uninstall while Keychain items stay.
public protocol InstallationMarker: Sendable {
    /// Whether the marker exists. Throws when that cannot be known (an unreadable
    /// container): "unknown" must never be mistaken for "fresh install".
    func exists() throws -> Bool
    /// Creates the marker durably.
    func create() throws
}

/// An ``InstallationMarker`` kept as a small file, written atomically and checked by
/// content, so a truncated or foreign file is an error rather than a silent "present".
public struct FileInstallationMarker: InstallationMarker {
    /// Where the marker lives, e.g. `Application Support/devicetrust.installed`.
    public let url: URL
    static let contents = Data("devicetrust installation marker v1\n".utf8)

    /// A marker at `url`.
    public init(url: URL) { self.url = url }

    /// Whether the marker file exists with the expected contents; throws for foreign
    /// contents or an unreadable file.
    public func exists() throws -> Bool {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return false
        } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT) {
            return false
        }
        guard data == Self.contents else {
            throw InstallationMarkerError.unrecognisedMarker(path: url.path)
        }
        return true
    }

    /// Writes the marker file atomically, creating its folder.
    public func create() throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.contents.write(to: url, options: [.atomic])
    }
}

/// Why the installation marker could not be trusted.
public enum InstallationMarkerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The marker file exists but does not hold the expected contents.
    case unrecognisedMarker(path: String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .unrecognisedMarker(let path):
            return
                "the installation marker at \(path) has unexpected contents; refusing to guess whether this is a fresh install. Delete the file only if you want the keychain wiped on next launch"
        }
    }
}
