import Foundation

/// A value behind a lock, for the package's own shared state.
///
/// The standard library's `Mutex` needs iOS 18 / macOS 15; this package supports iOS 15 /
/// macOS 12, so shared state uses `NSLock`, available on every platform we build for.
/// Only the package's modules use it (`package` access).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
