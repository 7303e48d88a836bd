import Foundation

/// The device the Apple surface runs on at this moment.
///
/// A test binds one for a scope with ``withDevice(_:operation:)-5p1xo`` (a task-local value,
/// so parallel tests each see their own), or sets a process-wide one with
/// ``setProcessDevice(_:)`` for code that hops to `DispatchQueue`s, where task-local values
/// do not follow. With neither, every call fails closed (`errSecNotAvailable`, `LAError`
/// `.notInteractive`, `DCError` `.featureUnsupported`).
public enum SurfaceHost {
    @TaskLocal private static var bound: (any SurfaceDevice)?
    private static let process = ProcessDevice()

    /// The bound device, else the process-wide one, else `nil`.
    public static var current: (any SurfaceDevice)? { bound ?? process.device }

    /// Runs `operation` with `device` behind the surface.
    public static func withDevice<T>(_ device: any SurfaceDevice, operation: () throws -> T) rethrows -> T {
        try $bound.withValue(device, operation: operation)
    }

    /// Runs `operation` with `device` behind the surface.
    public static func withDevice<T>(_ device: any SurfaceDevice, operation: () async throws -> T) async rethrows -> T {
        try await $bound.withValue(device, operation: operation)
    }

    /// Sets (or with `nil` clears) the device every thread sees when none is bound.
    public static func setProcessDevice(_ device: (any SurfaceDevice)?) {
        process.device = device
    }

    private final class ProcessDevice: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (any SurfaceDevice)?

        var device: (any SurfaceDevice)? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return stored
            }
            set {
                lock.lock()
                defer { lock.unlock() }
                stored = newValue
            }
        }
    }
}
