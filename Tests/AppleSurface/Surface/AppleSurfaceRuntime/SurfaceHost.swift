import Foundation

/// The device the Apple surface runs on at this moment.
///
/// A test binds one for a scope with `withDevice(_:operation:)` (a task-local value,
/// so parallel tests each see their own), or sets a process-wide one with
/// ``setProcessDevice(_:)`` for code that hops to `DispatchQueue`s, where task-local values
/// do not follow; ``withoutDevice(operation:)`` binds "no device" for a fail-closed test.
/// With no device, every call fails closed (`errSecNotAvailable`, `LAError`
/// `.notInteractive`, `DCError` `.featureUnsupported`).
public enum SurfaceHost {
    private enum Binding: Sendable {
        case unbound
        case device(any SurfaceDevice)
        case none
    }

    @TaskLocal private static var bound = Binding.unbound
    private static let process = ProcessDevice()

    /// The bound device, else (when nothing is bound, not even "no device") the process-wide
    /// one, else `nil`.
    public static var current: (any SurfaceDevice)? {
        switch bound {
        case .device(let device): device
        case .none: nil
        case .unbound: process.device
        }
    }

    /// Runs `operation` with `device` behind the surface.
    public static func withDevice<T>(_ device: any SurfaceDevice, operation: () throws -> T) rethrows -> T {
        try $bound.withValue(.device(device), operation: operation)
    }

    /// Runs `operation` with `device` behind the surface.
    public static func withDevice<T>(_ device: any SurfaceDevice, operation: () async throws -> T) async rethrows -> T {
        try await $bound.withValue(.device(device), operation: operation)
    }

    /// Runs `operation` with no device behind the surface, whatever the process-wide one is.
    public static func withoutDevice<T>(operation: () throws -> T) rethrows -> T {
        try $bound.withValue(.none, operation: operation)
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
