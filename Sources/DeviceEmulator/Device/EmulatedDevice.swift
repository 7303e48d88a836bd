import DeviceTrustCrypto
import Foundation
import SecureStorage

/// An emulated iPhone for tests: lock state, passcode, biometry, a keychain with iOS's
/// SecItem semantics and statuses, installed apps with their entitlements, backups, and a
/// Secure Enclave.
///
/// A new device has had its first unlock and is unlocked. Every method is thread-safe:
/// the whole state sits behind one lock, so each keychain call is atomic, as in
/// `securityd`.
///
/// ```swift
/// let phone = EmulatedDevice()
/// let app = phone.install(AppIdentity(teamID: "ABCDE12345", bundleID: "com.example.bank"))
/// let keychain = Keychain(service: "session", backend: app.keychain)
/// try keychain.save(token, for: "refresh")
/// phone.lock()                 // background refresh on a locked phone…
/// ```
///
/// See <doc:KeychainBehaviour> for every behaviour and its source.
public final class EmulatedDevice: Sendable {
    /// The device's biometric hardware, with one enrolled finger or face when present.
    public enum Biometry: Sendable, Hashable {
        /// No biometry: biometry-only access controls can never be satisfied.
        case none
        /// Touch ID.
        case touchID
        /// Face ID.
        case faceID
    }

    /// The lock state, as data protection sees it.
    public enum LockState: Sendable, Hashable {
        /// Booted, and not unlocked since: with a passcode, no keychain class is available.
        case beforeFirstUnlock
        /// Unlocked: every class is available.
        case unlocked
        /// Locked after the first unlock: with a passcode, only the `afterFirstUnlock`
        /// classes are available.
        case locked
    }

    /// The device's biometric hardware.
    public let biometry: Biometry
    /// Distinguishes this device from every other: backups and enclave keys remember it.
    let identifier = UUID()
    /// The emulated enclave's own key (the UID key of real hardware): wraps every
    /// enclave key of this device and never leaves it.
    let enclaveRootKey = SymmetricKey(size: .bits256)
    private let state: Locked<DeviceState>
    /// The device's clock: the reuse window of biometric unlocks is measured with it.
    let clock: @Sendable () -> Date

    /// A device that has been unlocked once since boot and is unlocked now.
    /// - Parameters:
    ///   - passcodeSet: whether a passcode is set. Without one, data protection classes
    ///     are always available and `akpu` items cannot be added.
    ///   - biometry: the biometric hardware, enrolled.
    ///   - now: the device's clock (tests step it past a reuse window).
    public init(passcodeSet: Bool = true, biometry: Biometry = .faceID, now: @escaping @Sendable () -> Date = Date.init) {
        self.biometry = biometry
        clock = now
        state = Locked(DeviceState(passcodeSet: passcodeSet, biometry: biometry))
    }

    // MARK: Lock state

    /// The current lock state.
    public var lockState: LockState { withState { $0.lockState } }

    /// Unlocks the device with the passcode: every class is available, the first unlock
    /// since boot has happened, and a biometric lockout is lifted.
    public func unlock() {
        withState { state in
            state.lockState = .unlocked
            state.authentication.passcodeEntered()
        }
    }

    /// Unlocks the device with Face ID or Touch ID, which starts the reuse window an
    /// `LAContext`'s `touchIDAuthenticationAllowableReuseDuration` accepts. iOS asks for the
    /// passcode instead before the first unlock since boot, without enrolled biometry, and
    /// during a lockout: then nothing happens and the result is `false`.
    @discardableResult
    public func unlockWithBiometry() -> Bool {
        let now = clock()
        return withState { state in
            guard state.authentication.canMatchBiometry, state.lockState != .beforeFirstUnlock else { return false }
            state.lockState = .unlocked
            state.authentication.biometricMatchSucceeded()
            state.authentication.lastBiometricUnlock = now
            return true
        }
    }

    /// Locks the device at once (the state after iOS's short grace period). A device that
    /// was not unlocked since boot stays ``LockState/beforeFirstUnlock``.
    public func lock() {
        withState { state in
            if state.lockState == .unlocked { state.lockState = .locked }
        }
    }

    /// Restarts the device: ``LockState/beforeFirstUnlock`` until ``unlock()``, every
    /// authentication context is forgotten, and every app's open files are closed.
    public func reboot() {
        withState { state in
            state.lockState = .beforeFirstUnlock
            state.authentication.forgetContexts()
            state.authentication.lastBiometricUnlock = nil
            for key in state.files.keys { state.files[key]?.closeAll() }
        }
    }

    /// `UIApplication.isProtectedDataAvailable`: whether `complete` files (and
    /// `whenUnlocked` keychain items) can be opened now. Background work sees the same
    /// answer as the foreground: it runs under the device's lock state.
    public var isProtectedDataAvailable: Bool {
        withState { $0.dataProtection.canOpen(.complete) }
    }

    // MARK: Passcode and biometry

    /// Whether a passcode is set.
    public var isPasscodeSet: Bool { withState { $0.passcodeSet } }

    /// Sets a passcode (no effect if one is set).
    public func setPasscode() {
        withState { $0.passcodeSet = true }
    }

    /// Removes the passcode: iOS deletes every `akpu` item and every item whose access
    /// control prompts, and Secure Enclave keys bound to authentication stop working.
    public func removePasscode() {
        withState { $0.removePasscode() }
    }

    /// A new finger or face is enrolled: `biometryCurrentSet` items and keys become
    /// unusable (-25293); `biometryAny` and `userPresence` ones keep working. No effect on
    /// a device without biometry.
    public func changeBiometricEnrollment() {
        withState { $0.authentication.enrolNewBiometry() }
    }

    /// The user deletes every enrolled finger or face: `LAContext` reports
    /// `biometryNotEnrolled`, biometry-only items and keys cannot be used, and
    /// `biometryCurrentSet` ones stay unusable after a new enrolment. No effect when
    /// nothing is enrolled.
    public func removeBiometricEnrollment() {
        withState { $0.authentication.removeEnrolment() }
    }

    /// Whether a finger or face is enrolled (never on a device without biometry).
    public var isBiometryEnrolled: Bool { withState { $0.authentication.isEnrolled } }

    /// Whether biometry is locked out (five failed matches in a row); ``unlock()`` with the
    /// passcode, or a passcode prompt, lifts it.
    public var isBiometryLockedOut: Bool { withState { $0.authentication.isLockedOut } }

    /// Scripts the outcome of the next authentication prompt, biometric or passcode,
    /// replacing any scripted before. One-shot: later prompts succeed again.
    public func setNextBiometricResult(_ result: BiometricResult) {
        withState { $0.authentication.nextResults = [result] }
    }

    /// Scripts the outcomes of the next prompts, in order, replacing any scripted before;
    /// prompts after them succeed.
    public func scriptBiometricResults(_ results: [BiometricResult]) {
        withState { $0.authentication.nextResults = results }
    }

    /// Every authentication prompt shown so far, oldest first.
    public var authenticationPrompts: [AuthenticationPrompt] { withState { $0.authentication.prompts } }

    // MARK: Apps

    /// Installs an app, or updates it if an app with the same team and bundle identifier is
    /// installed (its entitlements become `app`'s). Returns a handle that makes calls as
    /// the app. Reinstalling after an uninstall finds the old keychain items.
    public func install(_ app: AppIdentity) -> EmulatedApp {
        let number = withState { $0.install(app) }
        return EmulatedApp(device: self, identity: app, installation: number)
    }

    /// Uninstalls an app: its data container is deleted, its keychain items stay (iOS keeps
    /// them for a reinstall by the same team). The handle stops working.
    public func uninstall(_ app: EmulatedApp) {
        withState { $0.uninstall(applicationIdentifier: app.applicationIdentifier, installation: app.installation) }
    }

    // MARK: Backup

    /// An encrypted backup of the keychain, the app data containers and the apps' files.
    public func backup() -> DeviceBackup {
        withState { state in
            DeviceBackup(sourceDevice: identifier, items: state.keychain.items, containers: state.containers, files: state.files)
        }
    }

    /// Restores a backup onto this device, replacing its keychain and app data and files
    /// (every handle open on the old files closes): everything
    /// if the backup came from this device; otherwise only items that migrate (not
    /// `…ThisDeviceOnly`, not access-controlled). Installed apps stay installed; install
    /// the backup's apps to use their data. Authentication contexts are forgotten.
    public func restore(_ backup: DeviceBackup) {
        withState { state in
            state.keychain.restore(
                backup.items, ontoSameDevice: backup.sourceDevice == identifier, passcodeSet: state.passcodeSet)
            state.containers = backup.containers
            state.files = backup.files
            for key in state.files.keys { state.files[key]?.closeAll() }
            state.authentication.forgetContexts()
        }
    }

    // MARK: State access

    /// Runs `body` with exclusive access to the device state.
    func withState<Result: Sendable, Failure: Error>(
        _ body: (inout DeviceState) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try state.withLock { (state: inout DeviceState) throws(Failure) -> Result in
            try body(&state)
        }
    }
}
