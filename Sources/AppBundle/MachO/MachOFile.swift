/// A Mach-O file, thin or fat (universal), as its images: what `devicetrust audit` reads
/// from the binaries of a built app (the main executable, app extensions, embedded
/// frameworks).
///
/// Written by hand: no library available on Linux parses Mach-O. The parser reads only
/// the header, the load commands, the symbol table and the C-string sections, and checks
/// every offset, size and count against the file (``Limits``) before it reads.
public struct MachOFile: Sendable, Hashable {
    /// The bounds a Mach-O file must stay within.
    public struct Limits: Sendable, Hashable {
        /// The most architectures of a fat file.
        public var maximumArchitectures = 16
        /// The most load commands of one image.
        public var maximumLoadCommands = 10_000
        /// The most symbols read from one image.
        public var maximumSymbols = 2_000_000
        /// The most C strings kept from one image.
        public var maximumCStrings = 500_000
        /// The longest C string kept (longer ones are cut).
        public var maximumCStringLength = 4096

        /// The defaults.
        public init() {}
    }

    /// The images, one per architecture.
    public let images: [MachOImage]

    /// Whether `bytes` start like a Mach-O file (thin 32/64-bit little-endian, or fat).
    public static func isMachO(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 else { return false }
        let magic = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        if magic == 0xFEED_FACE || magic == 0xFEED_FACF { return true }
        // Fat: big-endian 0xcafebabe(f). Java class files share the magic; their next word
        // is a version far above any count of architectures.
        let bigMagic = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        let count = UInt32(bytes[4]) << 24 | UInt32(bytes[5]) << 16 | UInt32(bytes[6]) << 8 | UInt32(bytes[7])
        return (bigMagic == 0xCAFE_BABE || bigMagic == 0xCAFE_BABF) && count > 0 && count <= 16
    }

    /// Parses `bytes`; `name` is used in errors.
    public init(bytes: [UInt8], name: String, limits: Limits = Limits()) throws(AppBundleError) {
        let reader = MachOReader(bytes: bytes, name: name)
        guard Self.isMachO(bytes) else { throw AppBundleError(.malformedMachO, "\(name) is not a Mach-O file") }
        let bigMagic = try reader.u32(0, bigEndian: true)
        if bigMagic == 0xCAFE_BABE || bigMagic == 0xCAFE_BABF {
            let wide = bigMagic == 0xCAFE_BABF
            let count = Int(try reader.u32(4, bigEndian: true))
            guard count <= limits.maximumArchitectures else {
                throw AppBundleError(.malformedMachO, "\(name): \(count) architectures, more than \(limits.maximumArchitectures)")
            }
            var images: [MachOImage] = []
            for index in 0..<count {
                let entry = 8 + index * (wide ? 32 : 20)
                let offset = wide ? try reader.int(try reader.u64(entry + 8, bigEndian: true), "slice offset") : Int(try reader.u32(entry + 8, bigEndian: true))
                let size = wide ? try reader.int(try reader.u64(entry + 16, bigEndian: true), "slice size") : Int(try reader.u32(entry + 12, bigEndian: true))
                try reader.check(offset, size)
                images.append(try Self.image(reader, at: offset, size: size, limits: limits))
            }
            self.images = images
        } else {
            images = [try Self.image(reader, at: 0, size: bytes.count, limits: limits)]
        }
    }

    private static func image(_ reader: MachOReader, at base: Int, size: Int, limits: Limits) throws(AppBundleError) -> MachOImage {
        let end = base + size
        guard size >= 28 else { throw AppBundleError(.malformedMachO, "\(reader.name): an image of \(size) bytes is shorter than a Mach-O header") }
        let magic = try reader.u32(base)
        guard magic == 0xFEED_FACE || magic == 0xFEED_FACF else {
            throw AppBundleError(.malformedMachO, "\(reader.name): the slice at offset \(base) is not a little-endian Mach-O image")
        }
        let is64 = magic == 0xFEED_FACF
        let cpuType = try reader.u32(base + 4)
        let cpuSubtype = try reader.u32(base + 8) & 0x00FF_FFFF
        let fileType = try reader.u32(base + 12)
        let commandCount = Int(try reader.u32(base + 16))
        let commandsSize = Int(try reader.u32(base + 20))
        let flags = try reader.u32(base + 24)
        let headerSize = is64 ? 32 : 28
        guard commandCount <= limits.maximumLoadCommands else {
            throw AppBundleError(.malformedMachO, "\(reader.name): \(commandCount) load commands, more than \(limits.maximumLoadCommands)")
        }
        guard commandsSize <= size - headerSize else {
            throw AppBundleError(.malformedMachO, "\(reader.name): the load commands (\(commandsSize) bytes) do not fit in the image")
        }
        var libraries: [String] = []
        var cryptID: UInt32?
        var symbols: Set<String> = []
        var strings: [MachOImage.CString] = []
        var offset = base + headerSize
        let commandsEnd = offset + commandsSize
        for _ in 0..<commandCount {
            let command = try reader.u32(offset)
            let commandSize = Int(try reader.u32(offset + 4))
            guard commandSize >= 8, offset + commandSize <= commandsEnd else {
                throw AppBundleError(.malformedMachO, "\(reader.name): a load command at offset \(offset) has size \(commandSize), outside the load commands")
            }
            switch command {
            case 0x1, 0x19:  // LC_SEGMENT, LC_SEGMENT_64
                strings += try cStrings(
                    reader, segmentAt: offset, commandSize: commandSize, is64: is64, base: base, end: end, limits: limits, kept: strings.count)
            case 0x2:  // LC_SYMTAB
                symbols = try symbolNames(reader, symtabAt: offset, is64: is64, base: base, end: end, limits: limits)
            case 0xC, 0x8000_0018, 0x8000_001F, 0xD:  // LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB, LC_ID_DYLIB
                if command != 0xD {
                    let nameOffset = Int(try reader.u32(offset + 8))
                    guard nameOffset < commandSize else { throw AppBundleError(.malformedMachO, "\(reader.name): a library name points outside its command") }
                    libraries.append(try reader.cString(offset + nameOffset, end: offset + commandSize))
                }
            case 0x21, 0x2C:  // LC_ENCRYPTION_INFO, LC_ENCRYPTION_INFO_64
                cryptID = try reader.u32(offset + 16)
            default:
                break
            }
            offset += commandSize
        }
        return MachOImage(
            architecture: architectureName(cpuType: cpuType, subtype: cpuSubtype), is64Bit: is64, fileType: .init(fileType), flags: flags,
            linkedLibraries: libraries, cryptID: cryptID, symbols: symbols, cStrings: strings)
    }

    private static func cStrings(
        _ reader: MachOReader, segmentAt offset: Int, commandSize: Int, is64: Bool, base: Int, end: Int, limits: Limits, kept: Int
    ) throws(AppBundleError) -> [MachOImage.CString] {
        let sectionCount = Int(try reader.u32(offset + (is64 ? 64 : 48)))
        let sectionSize = is64 ? 80 : 68
        let first = offset + (is64 ? 72 : 56)
        guard sectionCount <= (commandSize - (first - offset)) / sectionSize else {
            throw AppBundleError(.malformedMachO, "\(reader.name): a segment declares \(sectionCount) sections that do not fit in its command")
        }
        var found: [MachOImage.CString] = []
        for index in 0..<sectionCount {
            let section = first + index * sectionSize
            let sectionName = try reader.fixedString(section, length: 16)
            let segmentName = try reader.fixedString(section + 16, length: 16)
            let size = is64 ? try reader.int(try reader.u64(section + 40), "section size") : Int(try reader.u32(section + 36))
            let fileOffset = Int(try reader.u32(section + (is64 ? 48 : 40)))
            let type = try reader.u32(section + (is64 ? 64 : 56)) & 0xFF
            guard type == 0x2 || sectionName == "__cstring" else { continue }  // S_CSTRING_LITERALS
            guard size > 0 else { continue }
            let start = base + fileOffset
            guard start >= base, size <= end - start else {
                throw AppBundleError(.malformedMachO, "\(reader.name): section \(segmentName),\(sectionName) lies outside the image")
            }
            var position = start
            let stop = start + size
            while position < stop, kept + found.count < limits.maximumCStrings {
                var next = position
                while next < stop, reader.bytes[next] != 0 { next += 1 }
                if next > position {
                    let length = min(next - position, limits.maximumCStringLength)
                    found.append(
                        .init(
                            section: "\(segmentName),\(sectionName)", fileOffset: position,
                            text: String(decoding: reader.bytes[position..<(position + length)], as: UTF8.self)))
                }
                position = next + 1
            }
        }
        return found
    }

    private static func symbolNames(
        _ reader: MachOReader, symtabAt offset: Int, is64: Bool, base: Int, end: Int, limits: Limits
    ) throws(AppBundleError) -> Set<String> {
        let symbolOffset = base + Int(try reader.u32(offset + 8))
        let count = Int(try reader.u32(offset + 12))
        let stringOffset = base + Int(try reader.u32(offset + 16))
        let stringSize = Int(try reader.u32(offset + 20))
        let entrySize = is64 ? 16 : 12
        guard count <= limits.maximumSymbols else {
            throw AppBundleError(.malformedMachO, "\(reader.name): \(count) symbols, more than \(limits.maximumSymbols)")
        }
        guard symbolOffset <= end, count <= (end - symbolOffset) / entrySize, stringOffset <= end, stringSize <= end - stringOffset else {
            throw AppBundleError(.malformedMachO, "\(reader.name): the symbol table lies outside the image")
        }
        var names: Set<String> = []
        for index in 0..<count {
            let nameIndex = Int(try reader.u32(symbolOffset + index * entrySize))
            guard nameIndex > 0, nameIndex < stringSize else { continue }
            names.insert(try reader.cString(stringOffset + nameIndex, end: stringOffset + stringSize, limit: 1024))
        }
        return names
    }

    private static func architectureName(cpuType: UInt32, subtype: UInt32) -> String {
        switch (cpuType, subtype) {
        case (0x0100_000C, 2): "arm64e"
        case (0x0100_000C, _): "arm64"
        case (0x0200_000C, _): "arm64_32"
        case (12, 9): "armv7"
        case (12, 11): "armv7s"
        case (12, _): "arm"
        case (0x0100_0007, _): "x86_64"
        case (7, _): "i386"
        default: "cpu \(cpuType)"
        }
    }
}
