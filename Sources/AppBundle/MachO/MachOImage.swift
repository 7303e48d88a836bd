/// One architecture of a Mach-O file: what its header and load commands say, parsed in
/// Swift (no library on Linux reads Mach-O), with every offset and count bounds-checked.
public struct MachOImage: Sendable, Hashable {
    /// The kind of file (`MH_EXECUTE`, `MH_DYLIB`, …).
    public enum FileType: Sendable, Hashable {
        case object, executable, dylib, bundle, other(UInt32)

        init(_ raw: UInt32) {
            switch raw {
            case 1: self = .object
            case 2: self = .executable
            case 6: self = .dylib
            case 8: self = .bundle
            default: self = .other(raw)
            }
        }
    }

    /// A string of the `__TEXT,__cstring` section (or any `S_CSTRING_LITERALS` section)
    /// and where it is in the file.
    public struct CString: Sendable, Hashable {
        /// The section, `__TEXT,__cstring`.
        public let section: String
        /// The byte offset in the whole file (for a fat file: from its start).
        public let fileOffset: Int
        /// The text (invalid UTF-8 replaced).
        public let text: String
    }

    /// `arm64`, `arm64e`, `armv7`, `x86_64`, or `cpu <n>`.
    public let architecture: String
    /// Whether it is a 64-bit image.
    public let is64Bit: Bool
    /// The file type.
    public let fileType: FileType
    /// The header flags (`MH_PIE` = 0x200000).
    public let flags: UInt32
    /// The libraries it links (`LC_LOAD_DYLIB`, weak and re-exported ones), by install name.
    public let linkedLibraries: [String]
    /// `cryptid` of `LC_ENCRYPTION_INFO(_64)`: nil without one; non-zero when the App
    /// Store's FairPlay encryption is still on.
    public let cryptID: UInt32?
    /// Every symbol name of the symbol table, defined and undefined (`___stack_chk_fail`).
    public let symbols: Set<String>
    /// The C string literals.
    public let cStrings: [CString]

    /// Position-independent: `MH_PIE` set (meaningful for executables).
    public var isPositionIndependent: Bool { flags & 0x20_0000 != 0 }
    /// Stack-protector evidence: the canary symbols are referenced.
    public var hasStackCanary: Bool { symbols.contains("___stack_chk_fail") || symbols.contains("___stack_chk_guard") }
    /// Automatic reference counting evidence: the Objective-C or Swift runtime's release.
    public var usesAutomaticReferenceCounting: Bool {
        symbols.contains("_objc_release") || symbols.contains("_swift_release") || symbols.contains("_objc_autoreleaseReturnValue")
    }
}
