import AppleSurfaceRuntime
import DeviceEmulator
import Foundation

/// An ``EmulatedPasteboard`` as `UIPasteboard.general`. An item without an expiration date
/// never expires (`distantFuture`); the local-only flag is kept either way.
struct EmulatedSurfacePasteboard: SurfacePasteboard {
    let pasteboard: EmulatedPasteboard

    func setText(_ text: String, localOnly: Bool, expiration: Date?) {
        if let expiration {
            pasteboard.setText(text, localOnly: localOnly, expiration: expiration)
        } else {
            pasteboard.setText(text, localOnly: localOnly, expiration: .distantFuture)
        }
    }
}

/// The unified log's lines, kept for a test to read.
public final class RecordedLog: SurfaceLogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    /// An empty log.
    public init() {}

    /// Each line as `subsystem [category] level: message`.
    public var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    public func log(subsystem: String, category: String, level: UInt8, message: String) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append("\(subsystem) [\(category)] \(level): \(message)")
    }
}
