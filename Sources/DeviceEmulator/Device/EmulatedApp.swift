import Foundation
import SecureStorage

/// An app installed on an ``EmulatedDevice``: its keychain calls are made with its
/// entitlements, as iOS's `securityd` checks them.
///
/// Get one from ``EmulatedDevice/install(_:)``. After ``EmulatedDevice/uninstall(_:)`` the
/// handle is dead (the app's process is gone): keychain calls return -25291
/// (`errSecNotAvailable`). Install the app again for a live handle; its keychain items are
/// still there.
public final class EmulatedApp: Sendable {
    /// The identity the app was installed with.
    public let identity: AppIdentity
    let device: EmulatedDevice
    let installation: UInt64

    /// The device's Secure Enclave, as this app sees it.
    public let secureEnclave: EmulatedSecureEnclave

    init(device: EmulatedDevice, identity: AppIdentity, installation: UInt64) {
        self.device = device
        self.identity = identity
        self.installation = installation
        secureEnclave = EmulatedSecureEnclave(device: device)
    }

    var applicationIdentifier: String { identity.applicationIdentifier }

    /// The keychain, SecItem-shaped: pass Apple's raw query dictionaries, get Apple's
    /// statuses. Calls are made as this app, with its access groups.
    public var keychain: any KeychainBackend { AppKeychainBackend(app: self) }

    /// The app's data container, deleted on uninstall.
    public var container: EmulatedAppContainer { EmulatedAppContainer(app: self) }

    /// The app's files, with data-protection classes that follow the device's lock state.
    public var files: EmulatedFileSystem { EmulatedFileSystem(app: self) }

    /// Whether this handle's installation is still on the device.
    public var isInstalled: Bool {
        device.withState { $0.installation(applicationIdentifier, number: installation) != nil }
    }

    /// Why this app's most recent failing keychain call failed: the status and the key or
    /// condition at fault (never a value), for debugging a test. `nil` if none failed yet.
    public var lastKeychainFailureReason: String? {
        device.withState { $0.lastKeychainFailures[applicationIdentifier]?.description }
    }
}

/// The `KeychainBackend` of one ``EmulatedApp``: parses each dictionary outside the
/// device's lock, then runs the state machine under it, so every call is atomic.
struct AppKeychainBackend: KeychainBackend {
    let app: EmulatedApp

    func add(_ attributes: [String: Any]) -> Int32 {
        status { () throws(KeychainFailure) in
            let query = try KeychainQuery(parsing: attributes, for: .add)
            return try run { keychain, environment, _ throws(KeychainFailure) in
                try keychain.add(query, in: environment)
            }
        }
    }

    func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        do {
            let parsed = try KeychainQuery(parsing: query, for: .copyMatching)
            let found = try run { keychain, environment, authentication throws(KeychainFailure) in
                try keychain.copyMatching(parsed, in: environment, authentication: &authentication)
            }
            return (KeychainConstants.statusSuccess, found.value)
        } catch {
            record(error)
            return (error.status, nil)
        }
    }

    func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 {
        status { () throws(KeychainFailure) in
            let parsed = try KeychainQuery(parsing: query, for: .update)
            let changes = try KeychainQuery(parsing: attributesToUpdate, for: .attributesToUpdate)
            return try run { keychain, environment, authentication throws(KeychainFailure) in
                try keychain.update(parsed, with: changes, in: environment, authentication: &authentication)
            }
        }
    }

    func delete(_ query: [String: Any]) -> Int32 {
        status { () throws(KeychainFailure) in
            let parsed = try KeychainQuery(parsing: query, for: .delete)
            return try run { keychain, environment, _ throws(KeychainFailure) in
                try keychain.delete(parsed, in: environment)
            }
        }
    }

    // MARK: Plumbing

    private func status(_ body: () throws(KeychainFailure) -> Void) -> Int32 {
        do {
            try body()
            return KeychainConstants.statusSuccess
        } catch {
            record(error)
            return error.status
        }
    }

    /// Runs `body` under the device's lock as this app; fails with -25291 for a handle
    /// whose installation is gone.
    private func run<Result: Sendable>(
        _ body: (inout EmulatedKeychain, EmulatedKeychain.Environment, inout AuthenticationState) throws(KeychainFailure) -> Result
    ) throws(KeychainFailure) -> Result {
        let key = app.applicationIdentifier
        let number = app.installation
        return try app.device.withState { state throws(KeychainFailure) -> Result in
            guard let installation = state.installation(key, number: number) else { throw .appNotInstalled }
            let environment = EmulatedKeychain.Environment(
                caller: installation.accessGroups, dataProtection: state.dataProtection,
                enrolment: state.authentication.enrolment, now: Date())
            return try body(&state.keychain, environment, &state.authentication)
        }
    }

    private func record(_ failure: KeychainFailure) {
        let key = app.applicationIdentifier
        let number = app.installation
        app.device.withState { state in
            if state.installation(key, number: number) != nil { state.lastKeychainFailures[key] = failure }
        }
    }
}
