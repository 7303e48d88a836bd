import AppBundle
import Foundation
import RepositoryTestSupport
import Testing

/// The seeds of the `MachOFile` and `ZipArchive` fuzz harnesses through the harnesses' own
/// checks (AppBundleFuzzChecks.swift, compiled into them by scripts/fuzz.sh).
@Suite("Fuzz corpus replay: MachOFile, ZipArchive")
struct AppBundleFuzzCorpusReplayTests {
    @Test("every seed in Fuzz/MachOFile/corpus passes the checks, and some are read")
    func machO() throws {
        let seeds = try FuzzCorpus.seeds("MachOFile")
        try #require(!seeds.isEmpty, "no seeds in Fuzz/MachOFile/corpus")
        var read = 0
        for seed in seeds {
            do {
                if try AppBundleFuzzChecks.checkMachO(seed.bytes) { read += 1 }
            } catch {
                Issue.record("Fuzz/MachOFile/corpus/\(seed.name): \(error)")
            }
        }
        #expect(read >= 5 && read < seeds.count, "the seeds hold readable files and refused ones")
    }

    @Test("every seed in Fuzz/ZipArchive/corpus passes the checks, and some are read")
    func zip() throws {
        let seeds = try FuzzCorpus.seeds("ZipArchive")
        try #require(!seeds.isEmpty, "no seeds in Fuzz/ZipArchive/corpus")
        var read = 0
        for seed in seeds {
            do {
                if try AppBundleFuzzChecks.checkZip(seed.bytes) { read += 1 }
            } catch {
                Issue.record("Fuzz/ZipArchive/corpus/\(seed.name): \(error)")
            }
        }
        #expect(read >= 2 && read < seeds.count, "the seeds hold readable archives and refused ones")
    }
}
