import Foundation

/// Builds small 64-bit little-endian Mach-O files byte by byte, for the built-app tests:
/// a header, one `__TEXT` segment with a `__cstring` section, a symbol table, and
/// optionally libraries and encryption info.
struct MachOBuilder {
    var fileType: UInt32 = 2  // MH_EXECUTE
    var cpuType: UInt32 = 0x0100_000C  // arm64
    var pie = true
    var cStrings: [String] = []
    var symbols: [String] = []
    var libraries: [String] = []
    var cryptID: UInt32?

    private static func u32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    private static func u64(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    private static func name16(_ text: String) -> [UInt8] { Array(text.utf8.prefix(16)) + [UInt8](repeating: 0, count: 16 - min(16, text.utf8.count)) }

    /// The file's bytes.
    func bytes() -> [UInt8] {
        let strings: [UInt8] = cStrings.flatMap { text -> [UInt8] in Array(text.utf8) + [0] }
        var stringTable: [UInt8] = [0]
        var nameOffsets: [UInt32] = []
        for symbol in symbols {
            nameOffsets.append(UInt32(stringTable.count))
            stringTable += Array(symbol.utf8) + [0]
        }
        let libraryCommands: [[UInt8]] = libraries.map { library in
            var name = Array(library.utf8) + [0]
            while (24 + name.count) % 8 != 0 { name.append(0) }
            return Self.u32(0xC) + Self.u32(UInt32(24 + name.count)) + Self.u32(24) + Self.u32(2) + Self.u32(0x10000) + Self.u32(0x10000) + name
        }
        let segmentSize = 72 + 80
        let symtabSize = 24
        let encryptionSize = cryptID == nil ? 0 : 24
        let commandsSize = segmentSize + symtabSize + encryptionSize + libraryCommands.reduce(0) { $0 + $1.count }
        let commandCount = 2 + (cryptID == nil ? 0 : 1) + libraryCommands.count
        let stringsOffset = 32 + commandsSize
        let symbolsOffset = stringsOffset + strings.count
        let stringTableOffset = symbolsOffset + symbols.count * 16

        var out =
            Self.u32(0xFEED_FACF) + Self.u32(cpuType) + Self.u32(0) + Self.u32(fileType) + Self.u32(UInt32(commandCount))
            + Self.u32(UInt32(commandsSize)) + Self.u32(pie ? 0x20_0085 : 0x85) + Self.u32(0)
        // LC_SEGMENT_64 __TEXT with one section __cstring (S_CSTRING_LITERALS).
        out += Self.u32(0x19) + Self.u32(UInt32(segmentSize)) + Self.name16("__TEXT") + Self.u64(0x1_0000_0000) + Self.u64(UInt64(strings.count))
        out += Self.u64(UInt64(stringsOffset)) + Self.u64(UInt64(strings.count)) + Self.u32(5) + Self.u32(5) + Self.u32(1) + Self.u32(0)
        out += Self.name16("__cstring") + Self.name16("__TEXT") + Self.u64(0x1_0000_0000) + Self.u64(UInt64(strings.count))
        out += Self.u32(UInt32(stringsOffset)) + Self.u32(0) + Self.u32(0) + Self.u32(0) + Self.u32(0x2) + Self.u32(0) + Self.u32(0) + Self.u32(0)
        // LC_SYMTAB
        out +=
            Self.u32(0x2) + Self.u32(24) + Self.u32(UInt32(symbolsOffset)) + Self.u32(UInt32(symbols.count)) + Self.u32(UInt32(stringTableOffset))
            + Self.u32(UInt32(stringTable.count))
        if let cryptID {
            out += Self.u32(0x2C) + Self.u32(24) + Self.u32(0x4000) + Self.u32(0x1000) + Self.u32(cryptID) + Self.u32(0)
        }
        for command in libraryCommands { out += command }
        out += strings
        for offset in nameOffsets {
            // nlist_64: n_strx, n_type (N_UNDF | N_EXT), n_sect, n_desc, n_value.
            let entry: [UInt8] = Self.u32(offset) + [0x01, 0x00, 0x00, 0x00] + Self.u64(0)
            out += entry
        }
        out += stringTable
        return out
    }
}
