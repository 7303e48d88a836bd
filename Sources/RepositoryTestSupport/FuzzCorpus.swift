import Foundation

/// One input of a fuzz harness's seed corpus.
public struct FuzzSeed: Sendable {
    /// The file name in `Fuzz/<harness>/corpus/`.
    public let name: String
    /// The file's bytes.
    public let bytes: [UInt8]
}

/// The fuzz harnesses' seed corpora in this repository (`Fuzz/<harness>/corpus/`), for the
/// tests that replay them through each harness's checks.
public enum FuzzCorpus {
    /// Every file of `Fuzz/<harness>/corpus/` except hidden ones, sorted by name.
    public static func seeds(_ harness: String) throws -> [FuzzSeed] {
        let folder = RepositoryFiles.root.appendingPathComponent("Fuzz/\(harness)/corpus")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { !$0.hasPrefix(".") }
            .map { FuzzSeed(name: $0, bytes: Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }
}
