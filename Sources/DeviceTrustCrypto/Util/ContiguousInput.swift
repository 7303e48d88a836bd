#if !canImport(CryptoKit)
import Foundation

extension DataProtocol {
    /// Calls `body` with the bytes as one contiguous buffer. Single-region inputs (a
    /// `Data`, an `Array`) are passed as they are; only multi-region inputs are copied,
    /// and that copy is zeroised afterwards since the input may be secret.
    func withContiguousBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        if regions.count == 1, let region = regions.first {
            var outcome: Result<R, E>?
            _ = region.withContiguousStorageIfAvailable { buffer in
                outcome = Result { () throws(E) in try body(UnsafeRawBufferPointer(buffer)) }
            }
            if let outcome { return try outcome.get() }
        }
        var copy = [UInt8](self)
        defer { copy.withUnsafeMutableBytes { OpenSSLMemory.cleanse($0) } }
        let outcome = copy.withUnsafeBytes { buffer in Result { () throws(E) in try body(buffer) } }
        return try outcome.get()
    }
}

extension ContiguousBytes {
    /// The bytes as a new `Data` (for public, non-secret values only).
    var dataCopy: Data { withUnsafeBytes { Data($0) } }
}

enum Hex {
    /// Lowercase hexadecimal, two digits per byte.
    static func encode<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
#endif
