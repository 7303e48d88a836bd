/// The cost of one Argon2id hash: memory and passes (libsodium always uses one lane).
public struct Argon2idParameters: Sendable, Hashable, CustomStringConvertible {
    /// Memory in bytes (`memlimit`); the encoded string shows it in KiB as `m=`.
    public let memoryBytes: Int
    /// Passes over the memory (`opslimit`), shown as `t=`.
    public let iterations: Int

    /// OWASP's Password Storage Cheat Sheet first choice: m = 19 MiB (19456 KiB), t = 2,
    /// p = 1. About 25 ms per hash on one core of our reference machine.
    public static let owasp = Argon2idParameters(memoryBytes: 19 * 1024 * 1024, iterations: 2)

    init(memoryBytes: Int, iterations: Int) {
        self.memoryBytes = memoryBytes
        self.iterations = iterations
    }

    /// `m=<KiB>,t=<passes>,p=1`, as in the encoded string.
    public var description: String { "m=\(memoryBytes / 1024),t=\(iterations),p=1" }
}
