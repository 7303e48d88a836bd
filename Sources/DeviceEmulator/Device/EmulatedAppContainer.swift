import Foundation

/// An emulated app's data container — its files and `UserDefaults` — as a small
/// key-value store. Unlike keychain items, it is deleted when the app is uninstalled,
/// which is how an app notices a reinstall: a first-launch marker kept here is gone while
/// the old keychain items are still there.
///
/// Backups carry containers, so a restored app finds its data again (on any device).
/// A handle of an uninstalled app reads `nil` and writes nothing.
public final class EmulatedAppContainer: Sendable {
    let app: EmulatedApp

    init(app: EmulatedApp) {
        self.app = app
    }

    /// The value stored under `key`, or `nil`.
    public func data(forKey key: String) -> Data? {
        app.device.withState { state -> Data? in
            guard state.installation(app.applicationIdentifier, number: app.installation) != nil else { return nil }
            return state.containers[app.applicationIdentifier]?[key]
        }
    }

    /// Stores `data` under `key`; `nil` removes the value.
    public func set(_ data: Data?, forKey key: String) {
        app.device.withState { state in
            guard state.installation(app.applicationIdentifier, number: app.installation) != nil else { return }
            state.containers[app.applicationIdentifier, default: [:]][key] = data
        }
    }
}
