import SecureStorage

/// What the lock state lets an app do with files of each `FileProtection` class: the
/// same ``DataProtection`` that decides keychain availability, so the device has one notion
/// of "locked".
///
/// With a passcode (Apple Platform Security guide, "Data Protection classes"; Apple's
/// `FileProtectionType` documentation):
///
/// | class | open an existing file | create a file | use an open handle |
/// |---|---|---|---|
/// | `complete` | unlocked | unlocked | unlocked (the class key is discarded after the lock) |
/// | `completeUnlessOpen` | unlocked | always | always, until closed |
/// | `completeUntilFirstUserAuthentication` | after the first unlock | after the first unlock | after the first unlock |
/// | `none` | always | always | always |
///
/// Without a passcode every class is available in every lock state.
extension DataProtection {
    /// Whether an existing file of `protection` can be opened now.
    func canOpen(_ protection: FileProtection) -> Bool {
        guard passcodeSet else { return true }
        switch protection {
        case .none: return true
        case .completeUntilFirstUserAuthentication: return lockState != .beforeFirstUnlock
        case .complete, .completeUnlessOpen: return lockState == .unlocked
        }
    }

    /// Whether a new file of `protection` can be created now: `completeUnlessOpen` files
    /// can be created while locked (their per-file key is wrapped with the class's public
    /// key, which needs no passcode).
    func canCreate(_ protection: FileProtection) -> Bool {
        protection == .completeUnlessOpen || canOpen(protection)
    }

    /// Whether a handle opened earlier can still read or write: an open
    /// `completeUnlessOpen` file keeps its key in memory until closed.
    func canUseOpenHandle(_ protection: FileProtection) -> Bool {
        protection == .completeUnlessOpen || canOpen(protection)
    }
}
