#if !canImport(CryptoKit)
import Foundation
import Synchronization

/// Something expensive computed from secret bytes (an expanded AES key schedule) that
/// must not outlive them. Conformers free and wipe their state in `deinit`.
protocol DerivedKeyState: AnyObject, Sendable {}

/// Heap storage for secret bytes that is zeroised when the last reference goes away.
///
/// The bytes are never copied into a `Data` or an `Array` by this type, so no stray copy
/// outlives it. Instances are immutable after initialisation, which is what makes the
/// type safe to share between threads.
final class SecureBytes: @unchecked Sendable {
    private let storage: UnsafeMutableRawBufferPointer
    private let byteCount: Int
    /// At most one derived state, lent to one operation at a time; released with the bytes.
    private let derived = Mutex<(any DerivedKeyState)?>(nil)

    /// The number of bytes held.
    var count: Int { byteCount }

    /// Allocates `count` bytes and lets `initialize` fill them.
    init<E: Error>(count: Int, initializingWith initialize: (UnsafeMutableRawBufferPointer) throws(E) -> Void) throws(E) {
        precondition(count >= 0, "a byte count cannot be negative")
        storage = .allocate(byteCount: max(count, 1), alignment: 16)
        byteCount = count
        let region = UnsafeMutableRawBufferPointer(rebasing: storage[0..<count])
        region.initializeMemory(as: UInt8.self, repeating: 0)
        // Every stored property is set: if `initialize` throws, deinit zeroises and frees.
        try initialize(region)
    }

    /// Copies `bytes` into new secure storage.
    convenience init(copying bytes: UnsafeRawBufferPointer) {
        self.init(count: bytes.count) { $0.copyMemory(from: bytes) }
    }

    /// Fresh random bytes from the CSPRNG.
    convenience init(randomCount count: Int) {
        self.init(count: count) { OpenSSLMemory.fillRandom($0) }
    }

    deinit {
        OpenSSLMemory.cleanse(storage)
        storage.deallocate()
    }

    /// Takes the cached derived state out (so no other operation uses it meanwhile).
    func takeDerivedState() -> (any DerivedKeyState)? {
        derived.withLock { slot in
            defer { slot = nil }
            return slot
        }
    }

    /// Puts a derived state back for the next operation with these bytes.
    func keepDerivedState(_ state: any DerivedKeyState) {
        derived.withLock { $0 = state }
    }

    /// Read access to the bytes, valid only inside `body`.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(rebasing: storage[0..<byteCount]))
    }

    /// Constant-time equality of contents.
    func constantTimeEquals(_ other: SecureBytes) -> Bool {
        withUnsafeBytes { lhs in other.withUnsafeBytes { rhs in OpenSSLMemory.constantTimeEquals(lhs, rhs) } }
    }
}
#endif
