import Foundation

/// Where nonces and identifiers come from: a cryptographically secure generator,
/// injectable for tests.
public struct RandomSource: Sendable {
    private let generate: @Sendable (Int) -> Data

    /// A source that returns `generate(count)`; it must return exactly `count` bytes.
    public init(_ generate: @escaping @Sendable (Int) -> Data) { self.generate = generate }

    /// The operating system's CSPRNG (`getrandom` on Linux, `arc4random` on Apple
    /// platforms), through `SystemRandomNumberGenerator`.
    public static let system = RandomSource { count in
        // Eight bytes per draw: each draw is a system call.
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Data(bytes[..<count])
    }

    /// `count` random bytes.
    public func bytes(_ count: Int) -> Data {
        let bytes = generate(count)
        precondition(bytes.count == count, "a RandomSource must return exactly the bytes asked for")
        return bytes
    }
}
