/// When the system can decrypt a file: Apple's data-protection classes for files
/// (`FileProtectionType`), with their raw values.
///
/// Choose by who opens the file and when:
/// - ``complete``: only while the device is unlocked. The class key is discarded shortly
///   after the device locks, so background work on a locked phone (a download, a push
///   handler) fails to read or write such a file, even through a handle it already holds.
/// - ``completeUnlessOpen``: a file opened while unlocked stays usable after the lock,
///   and new files can be created while locked; once closed, it cannot be opened again
///   until the next unlock. Made for transfers that must finish on a locked phone.
/// - ``completeUntilFirstUserAuthentication``: readable after the first unlock since boot,
///   also while locked; iOS's default for new files. It protects only a phone that was
///   restarted and not unlocked since.
/// - ``none``: protected by the device key alone; readable even before the first unlock.
///
/// Without a passcode, every class is available in every lock state.
public enum FileProtection: String, Sendable, CaseIterable {
    /// `NSFileProtectionComplete`: only while unlocked.
    case complete = "NSFileProtectionComplete"
    /// `NSFileProtectionCompleteUnlessOpen`: open handles survive the lock; files can be
    /// created while locked but not reopened until the next unlock.
    case completeUnlessOpen = "NSFileProtectionCompleteUnlessOpen"
    /// `NSFileProtectionCompleteUntilFirstUserAuthentication`: after the first unlock since
    /// boot. The class a new file gets when none is given.
    case completeUntilFirstUserAuthentication = "NSFileProtectionCompleteUntilFirstUserAuthentication"
    /// `NSFileProtectionNone`: always.
    case none = "NSFileProtectionNone"

    /// The class iOS gives a file created without one.
    public static let systemDefault = FileProtection.completeUntilFirstUserAuthentication
}
