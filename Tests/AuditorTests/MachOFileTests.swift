@testable import AppBundle
import Foundation
import RepositoryTestSupport
import Testing

/// The Mach-O reader: real objects from the toolchain's clang, fat files, and malformed
/// input that must be refused, never trap.
@Suite("Mach-O files")
struct MachOFileTests {
    /// The toolchain's clang, next to `swift` on PATH.
    static var clang: String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/clang"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    @Test("an arm64 iOS object built by clang: its architecture, strings and symbols")
    func clangObject() throws {
        let clang = try #require(Self.clang, "the toolchain's clang is needed to build a real Mach-O object")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("macho-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("t.c")
        try Data(
            "const char *endpoint = \"http://api.mybank-online.com/login\";\nextern void report(const char *);\nvoid send(void) { report(endpoint); }\n".utf8
        ).write(to: source)
        let object = folder.appendingPathComponent("t.o")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: clang)
        process.arguments = ["-target", "arm64-apple-ios14.0", "-c", source.path, "-o", object.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let file = try MachOFile(bytes: Array(try Data(contentsOf: object)), name: "t.o")
        let image = try #require(file.images.first)
        #expect(file.images.count == 1)
        #expect(image.architecture == "arm64")
        #expect(image.fileType == .object)
        #expect(image.is64Bit)
        #expect(image.cStrings.map(\.text).contains("http://api.mybank-online.com/login"))
        #expect(image.cStrings.allSatisfy { $0.section == "__TEXT,__cstring" })
        #expect(image.symbols.isSuperset(of: ["_send", "_report", "_endpoint"]))
    }

    @Test("a fat file holds one image per architecture, strings placed by their offset in the whole file")
    func fatFile() throws {
        let arm64 = MachOBuilder(cStrings: ["first"], symbols: ["_a"]).bytes()
        let x86 = MachOBuilder(cpuType: 0x0100_0007, cStrings: ["second"], symbols: ["_b"]).bytes()
        func be32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).bigEndian) { Array($0) } }
        let header = be32(0xCAFE_BABE) + be32(2)
        let firstOffset = 4096
        let secondOffset = firstOffset + 4096
        let arches =
            be32(0x0100_000C) + be32(0) + be32(firstOffset) + be32(arm64.count) + be32(12)
            + be32(0x0100_0007) + be32(3) + be32(secondOffset) + be32(x86.count) + be32(12)
        var bytes = header + arches
        bytes += [UInt8](repeating: 0, count: firstOffset - bytes.count) + arm64
        bytes += [UInt8](repeating: 0, count: secondOffset - bytes.count) + x86
        #expect(MachOFile.isMachO(bytes))
        let file = try MachOFile(bytes: bytes, name: "Fat")
        #expect(file.images.map(\.architecture) == ["arm64", "x86_64"])
        let second = try #require(file.images.last?.cStrings.first)
        #expect(second.text == "second")
        #expect(Array(bytes[second.fileOffset..<(second.fileOffset + 6)]) == Array("second".utf8))
    }

    @Test("executables: PIE, stack protector, ARC and encryption read from header, symbols and load commands")
    func protections() throws {
        let hardened = try #require(
            try MachOFile(bytes: MachOBuilder(symbols: ["___stack_chk_fail", "_objc_release"], cryptID: 1).bytes(), name: "A").images.first)
        #expect(hardened.isPositionIndependent && hardened.hasStackCanary && hardened.usesAutomaticReferenceCounting)
        #expect(hardened.cryptID == 1)
        let bare = try #require(
            try MachOFile(bytes: MachOBuilder(pie: false, symbols: ["_objc_msgSend"], libraries: ["@rpath/Vendor.framework/Vendor"]).bytes(), name: "B").images
                .first)
        #expect(!bare.isPositionIndependent && !bare.hasStackCanary && !bare.usesAutomaticReferenceCounting)
        #expect(bare.cryptID == nil)
        #expect(bare.linkedLibraries == ["@rpath/Vendor.framework/Vendor"])
    }

    @Test("every truncation and thousands of corruptions of a valid file are refused or read, never a trap")
    func malformedInput() {
        let valid = MachOBuilder(cStrings: ["alpha", "beta"], symbols: ["_x", "_y"], libraries: ["/usr/lib/libSystem.B.dylib"], cryptID: 0).bytes()
        var refused = 0
        for length in 0..<valid.count {
            do { _ = try MachOFile(bytes: Array(valid.prefix(length)), name: "cut") } catch { refused += 1 }
        }
        #expect(refused > valid.count / 2, "most truncations must be refused")
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0..<5000 {
            var bytes = valid
            for _ in 0..<Int(generator.next() % 4 + 1) {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? MachOFile(bytes: bytes, name: "mutated")
        }
    }
}
