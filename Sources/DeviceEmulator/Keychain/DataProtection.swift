import SecureStorage

/// Which data-protection classes the device can decrypt right now.
///
/// With a passcode: everything while unlocked; only the `afterFirstUnlock` classes while
/// locked; nothing before the first unlock since boot (`SecItem.h`,
/// `secd-01-items.m`). Without a passcode the class keys are protected by the device
/// key alone, so every class is available in every lock state (Apple Platform Security
/// guide, "Data Protection classes").
struct DataProtection: Sendable, Equatable {
    let lockState: EmulatedDevice.LockState
    let passcodeSet: Bool

    /// Whether items of `protection` can be read and written now.
    func isAvailable(_ protection: Accessibility) -> Bool {
        guard passcodeSet else { return true }
        switch lockState {
        case .unlocked: return true
        case .locked: return protection.isAvailableWhileLocked
        case .beforeFirstUnlock: return false
        }
    }

    /// Throws -25293 for an item that needs a passcode (`akpu`, or an access control that
    /// prompts) on a device without one (`SecItemDb.c` `s3dl_query_add` maps the
    /// `errSecDecode` of an `akpu` item to `errSecAuthFailed`), and -25308 unless the
    /// item's class is available now.
    func checkWritable(_ item: StoredItem) throws(KeychainFailure) {
        if item.requiresPasscode && !passcodeSet { throw .passcodeNotSet }
        guard isAvailable(item.protection) else { throw .protectionUnavailable }
    }

    /// The protection class the emulator gives an item or key created with `accessControl`
    /// (Apple's `SecAccessControl` carries one; DeviceTrust's `AccessControl` does not):
    /// `akpu` when it requires authentication, since biometry and passcode prompts need a
    /// passcode, else `aku`, CryptoKit's default for Secure Enclave keys.
    static func protection(for accessControl: AccessControl) -> Accessibility {
        accessControl.requiresAuthentication ? .whenPasscodeSetThisDeviceOnly : .whenUnlockedThisDeviceOnly
    }
}
