/// When a Keychain item can be read: Apple's `kSecAttrAccessible` classes, with their raw
/// values (`pdmn`).
///
/// Choose by who reads the item and when:
/// - Work that runs while the phone is locked (background refresh, push handling,
///   location updates) needs an `afterFirstUnlock` class; a `whenUnlocked` item fails
///   there with ``KeychainError/interactionNotAllowed``.
/// - `…ThisDeviceOnly` classes never leave the device: not in backups restored to another
///   phone, not in iCloud Keychain. Session tokens and device-bound secrets belong there.
/// - ``whenPasscodeSetThisDeviceOnly`` items are deleted when the user removes the passcode.
///
/// The deprecated `Always` classes (`dk`, `dku`) are deliberately not offered.
public enum Accessibility: String, Sendable, CaseIterable {
    /// `kSecAttrAccessibleWhenUnlocked` (`ak`): only while unlocked; migrates to new devices.
    /// The OS default when a query names no class.
    case whenUnlocked = "ak"
    /// `kSecAttrAccessibleAfterFirstUnlock` (`ck`): after the first unlock since boot, also
    /// while locked; migrates to new devices.
    case afterFirstUnlock = "ck"
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly` (`aku`): only while unlocked; never
    /// leaves this device.
    case whenUnlockedThisDeviceOnly = "aku"
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (`cku`): after the first unlock
    /// since boot; never leaves this device. DeviceTrust's default.
    case afterFirstUnlockThisDeviceOnly = "cku"
    /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` (`akpu`): only while unlocked,
    /// only with a passcode set; deleted when the passcode is removed.
    case whenPasscodeSetThisDeviceOnly = "akpu"

    /// Whether the class keeps the item on this device only.
    public var isThisDeviceOnly: Bool {
        switch self {
        case .whenUnlockedThisDeviceOnly, .afterFirstUnlockThisDeviceOnly, .whenPasscodeSetThisDeviceOnly: return true
        case .whenUnlocked, .afterFirstUnlock: return false
        }
    }

    /// Whether the item can be read while the device is locked (after its first unlock).
    public var isAvailableWhileLocked: Bool {
        switch self {
        case .afterFirstUnlock, .afterFirstUnlockThisDeviceOnly: return true
        case .whenUnlocked, .whenUnlockedThisDeviceOnly, .whenPasscodeSetThisDeviceOnly: return false
        }
    }
}
