#if canImport(AppBundle)
import AppBundle
#endif

/// What the `MachOFile` and `ZipArchive` fuzz harnesses check on every input, and the
/// corpus replay tests on every seed: the readers refuse or read any bytes, never trap,
/// and what they return stays inside the input and inside their limits. Compiled into the
/// harnesses by scripts/fuzz.sh (with AppBundle's sources in the same module).
enum AppBundleFuzzChecks {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The Mach-O reader on `bytes`; returns whether it read a file.
    @discardableResult
    static func checkMachO(_ bytes: [UInt8]) throws -> Bool {
        let limits = MachOFile.Limits()
        guard let file = try? MachOFile(bytes: bytes, name: "fuzz") else { return false }
        guard file.images.count <= limits.maximumArchitectures else { throw Failure(description: "more images than the limit") }
        for image in file.images {
            guard image.cStrings.count <= limits.maximumCStrings else { throw Failure(description: "more strings than the limit") }
            for string in image.cStrings {
                guard string.fileOffset >= 0, string.fileOffset < bytes.count else { throw Failure(description: "a string offset outside the file") }
                guard string.text.utf8.count <= limits.maximumCStringLength * 3 else { throw Failure(description: "a string longer than the limit") }
            }
            _ = image.isPositionIndependent
            _ = image.hasStackCanary
            _ = image.usesAutomaticReferenceCounting
        }
        return true
    }

    /// The zip reader on `bytes` under small limits, reading every file entry; returns
    /// whether the archive opened.
    @discardableResult
    static func checkZip(_ bytes: [UInt8]) throws -> Bool {
        let limits = ZipLimits(maximumEntries: 64, maximumEntrySize: 1 << 20, maximumTotalSize: 4 << 20, maximumRatio: 50, ratioThreshold: 4096)
        guard let archive = try? ZipArchive(bytes: bytes, name: "fuzz.ipa", limits: limits) else { return false }
        guard archive.entries.count <= limits.maximumEntries else { throw Failure(description: "more entries than the limit") }
        for entry in archive.entries {
            guard entry.size <= limits.maximumEntrySize else { throw Failure(description: "an entry over the size limit was listed") }
            guard !entry.name.hasPrefix("/"), !entry.name.split(separator: "/").contains("..") else {
                throw Failure(description: "an unsafe name was listed: \(entry.name)")
            }
            guard entry.kind == .file, let contents = try? archive.read(entry) else { continue }
            guard contents.count == entry.size else { throw Failure(description: "read \(contents.count) bytes of an entry of \(entry.size)") }
        }
        return true
    }
}
