/// Bounds-checked little- and big-endian reads over a byte array: every read past the end
/// is a ``AppBundleError/Code/malformedMachO`` error, never a trap.
struct MachOReader {
    let bytes: [UInt8]
    let name: String

    func u8(_ offset: Int) throws(AppBundleError) -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw truncated(offset, 1) }
        return bytes[offset]
    }

    func u16(_ offset: Int) throws(AppBundleError) -> UInt16 {
        try check(offset, 2)
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func u32(_ offset: Int, bigEndian: Bool = false) throws(AppBundleError) -> UInt32 {
        try check(offset, 4)
        let b = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3]))
        return bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24
    }

    func u64(_ offset: Int, bigEndian: Bool = false) throws(AppBundleError) -> UInt64 {
        let low = UInt64(try u32(offset + (bigEndian ? 4 : 0), bigEndian: bigEndian))
        let high = UInt64(try u32(offset + (bigEndian ? 0 : 4), bigEndian: bigEndian))
        return high << 32 | low
    }

    /// An offset or size read as `Int`, refused when it cannot be one.
    func int(_ value: UInt64, _ what: String) throws(AppBundleError) -> Int {
        guard value <= UInt64(Int.max / 2) else { throw AppBundleError(.malformedMachO, "\(name): \(what) \(value) is out of range") }
        return Int(value)
    }

    /// The NUL-terminated (or `length`-bounded) name at `offset`.
    func fixedString(_ offset: Int, length: Int) throws(AppBundleError) -> String {
        try check(offset, length)
        let slice = bytes[offset..<(offset + length)]
        return String(decoding: slice.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The C string at `offset`, at most `limit` bytes, ending before `end`.
    func cString(_ offset: Int, end: Int, limit: Int = 4096) throws(AppBundleError) -> String {
        guard offset >= 0, offset < min(end, bytes.count) else { throw truncated(offset, 1) }
        var stop = offset
        let bound = min(end, bytes.count, offset + limit)
        while stop < bound, bytes[stop] != 0 { stop += 1 }
        return String(decoding: bytes[offset..<stop], as: UTF8.self)
    }

    func check(_ offset: Int, _ count: Int) throws(AppBundleError) {
        guard offset >= 0, count >= 0, offset <= bytes.count, bytes.count - offset >= count else { throw truncated(offset, count) }
    }

    private func truncated(_ offset: Int, _ count: Int) -> AppBundleError {
        AppBundleError(.malformedMachO, "\(name): \(count) bytes at offset \(offset) are past the end of the file (\(bytes.count) bytes)")
    }
}
