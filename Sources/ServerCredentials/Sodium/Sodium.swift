internal import CSodium

/// The one place that starts libsodium.
///
/// `sodium_init()` must run before any other libsodium function ("sodium_init() initializes
/// the library and should be called before any other function provided by Sodium"). A
/// `static let` is initialised exactly once, lazily and thread-safely (`swift_once`), so
/// every caller may ask ``isReady`` as often as it likes.
enum Sodium {
    /// `sodium_init()` returns 0 on success, 1 if already initialised, -1 on failure.
    private static let initialisationStatus: Int32 = sodium_init()

    /// Whether libsodium initialised; false only if it could not (no usable randomness).
    static var isReady: Bool { initialisationStatus >= 0 }

    /// Overwrites `buffer` with zeros in a way the compiler cannot remove (`sodium_memzero`).
    static func zero(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        sodium_memzero(base, buffer.count)
    }

    /// Overwrites every element of `bytes` with zeros.
    static func zero<Element: FixedWidthInteger>(_ bytes: inout [Element]) {
        bytes.withUnsafeMutableBytes { zero($0) }
    }

    /// `count` bytes from libsodium's CSPRNG (`randombytes_buf`, the kernel's getrandom).
    static func randomBytes(count: Int) -> [UInt8] {
        precondition(isReady, "libsodium failed to initialise")
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress, count > 0 { randombytes_buf(base, count) }
        }
        return bytes
    }
}
