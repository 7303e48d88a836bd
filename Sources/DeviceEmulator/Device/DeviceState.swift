import Foundation
import SecureStorage

/// Everything an ``EmulatedDevice`` knows, as one value kept behind the device's mutex.
struct DeviceState: Sendable {
    /// The screen's lock state; what it makes available is ``dataProtection``.
    var lockState: EmulatedDevice.LockState = .unlocked
    var passcodeSet: Bool
    /// Bumped when the passcode is removed: Secure Enclave keys bound to authentication
    /// that were created before can never be used again.
    var passcodeEpoch: UInt64 = 0
    var authentication: AuthenticationState
    var keychain = EmulatedKeychain()
    /// Installed apps by `TEAMID.bundleID`.
    var installations: [String: Installation] = [:]
    private var nextInstallationNumber: UInt64 = 1
    /// Each app's data container (its files and defaults), by `TEAMID.bundleID`.
    var containers: [String: [String: Data]] = [:]
    /// Each app's files with their protection classes, by `TEAMID.bundleID`.
    var files: [String: FileTree] = [:]
    /// Why each app's last failing keychain call failed, by `TEAMID.bundleID`.
    var lastKeychainFailures: [String: KeychainFailure] = [:]
    /// Each app's Face ID permission and its permission prompts, by `TEAMID.bundleID`.
    var faceIDPermissions: [String: FaceIDPermissionState] = [:]
    /// Apps in the background, by `TEAMID.bundleID`.
    var backgroundApps: Set<String> = []

    /// One installation of an app; a reinstall gets a new number, an update keeps it.
    struct Installation: Sendable {
        let identity: AppIdentity
        let accessGroups: AccessGroups
        let number: UInt64
    }

    init(passcodeSet: Bool, biometry: EmulatedDevice.Biometry) {
        self.passcodeSet = passcodeSet
        authentication = AuthenticationState(biometry: biometry)
    }

    /// What the lock state and passcode make available now.
    var dataProtection: DataProtection {
        DataProtection(lockState: lockState, passcodeSet: passcodeSet)
    }

    // MARK: Apps

    /// Installs `identity`, or updates the installed app with the same application
    /// identifier; returns the installation number.
    mutating func install(_ identity: AppIdentity) -> UInt64 {
        let key = identity.applicationIdentifier
        let number: UInt64
        if let existing = installations[key] {
            number = existing.number
        } else {
            number = nextInstallationNumber
            nextInstallationNumber += 1
        }
        installations[key] = Installation(identity: identity, accessGroups: AccessGroups(identity), number: number)
        return number
    }

    /// Removes the app and its data container; its keychain items stay.
    mutating func uninstall(applicationIdentifier key: String, installation number: UInt64) {
        guard installations[key]?.number == number else { return }
        installations[key] = nil
        containers[key] = nil
        files[key] = nil
        lastKeychainFailures[key] = nil
        faceIDPermissions[key] = nil
        backgroundApps.remove(key)
    }

    /// The live installation behind a handle, or `nil` once it was uninstalled.
    func installation(_ key: String, number: UInt64) -> Installation? {
        guard let installation = installations[key], installation.number == number else { return nil }
        return installation
    }

    // MARK: Passcode

    /// The user removes the passcode: `akpu` items, items whose access control prompts,
    /// and Secure Enclave keys bound to authentication are gone.
    mutating func removePasscode() {
        guard passcodeSet else { return }
        passcodeSet = false
        passcodeEpoch += 1
        keychain.removeItemsRequiringPasscode()
        authentication.forgetContexts()
    }
}
