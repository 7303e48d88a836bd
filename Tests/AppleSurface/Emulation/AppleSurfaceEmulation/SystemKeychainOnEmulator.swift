import AppleSurfaceRuntime
import DeviceEmulator
import Foundation
import SecureStorage

/// ``SystemKeychainBackend`` — the Apple backend, compiled from SecureStorage's own file —
/// with `SecItem…` running on `app`'s emulated keychain: every call binds
/// ``EmulatedSurfaceDevice`` for its duration, so tests in parallel each reach their own app.
public struct SystemKeychainOnEmulator: KeychainBackend {
    private let system = SystemKeychainBackend()
    private let device: EmulatedSurfaceDevice

    /// `SystemKeychainBackend` over `app`'s keychain.
    public init(app: EmulatedApp) { device = EmulatedSurfaceDevice(app: app) }

    public func add(_ attributes: [String: Any]) -> Int32 { SurfaceHost.withDevice(device) { system.add(attributes) } }

    public func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        SurfaceHost.withDevice(device) { system.copyMatching(query) }
    }

    public func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 {
        SurfaceHost.withDevice(device) { system.update(query, attributesToUpdate) }
    }

    public func delete(_ query: [String: Any]) -> Int32 { SurfaceHost.withDevice(device) { system.delete(query) } }
}
