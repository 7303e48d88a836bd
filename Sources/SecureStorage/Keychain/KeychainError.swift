/// What went wrong with a Keychain operation, mapped from Apple's `OSStatus` in one place
/// (``init(status:)``).
///
/// How an app must react — the difference between losing a session and keeping it:
/// - ``itemNotFound`` is the **only** error that means "there is no token": the one case
///   where an app may send the user to log in.
/// - ``interactionNotAllowed`` means "the item is there but not available now" (phone
///   locked, before the first unlock after a reboot, or a prompt was needed but not
///   allowed): keep the session and try again after unlock — or, for an access-controlled
///   item read with the synchronous `load(for:)`, read it with the prompting `async` load.
///   Logging out here is the classic bug.
/// - ``userCanceled`` means the user dismissed the prompt: stay on the lock screen.
/// - ``authenticationFailed``: biometry or passcode did not match, or the item was bound
///   to a biometric set that has changed; offer the fallback (PIN, re-login).
/// - ``missingEntitlement``: a build or signing problem (wrong access group), never a
///   user problem.
public enum KeychainError: Error, Equatable, Sendable {
    /// -25300 `errSecItemNotFound`: no such item.
    case itemNotFound
    /// -25299 `errSecDuplicateItem`: an item with the same account, service, access group
    /// and synchronizable flag exists.
    case duplicateItem
    /// -25308 `errSecInteractionNotAllowed`: the item exists but is unavailable now.
    case interactionNotAllowed
    /// -128 `errSecUserCanceled`: the user cancelled the prompt.
    case userCanceled
    /// -25293 `errSecAuthFailed`: authentication failed or the item's biometric set changed.
    case authenticationFailed
    /// -34018 `errSecMissingEntitlement`: the app is not entitled to the access group.
    case missingEntitlement
    /// -50 `errSecParam`: the query is invalid (for example both an accessibility class and
    /// an access control were given).
    case invalidParameters
    /// Any other status, unchanged.
    case unexpectedStatus(Int32)

    /// Maps an `OSStatus`; `nil` for success.
    public init?(status: Int32) {
        switch status {
        case KeychainConstants.statusSuccess: return nil
        case KeychainConstants.statusItemNotFound: self = .itemNotFound
        case KeychainConstants.statusDuplicateItem: self = .duplicateItem
        case KeychainConstants.statusInteractionNotAllowed: self = .interactionNotAllowed
        case KeychainConstants.statusUserCanceled: self = .userCanceled
        case KeychainConstants.statusAuthFailed: self = .authenticationFailed
        case KeychainConstants.statusMissingEntitlement: self = .missingEntitlement
        case KeychainConstants.statusParam: self = .invalidParameters
        default: self = .unexpectedStatus(status)
        }
    }

    /// Throws the error for `status` unless it is success.
    static func check(_ status: Int32) throws(KeychainError) {
        if let error = KeychainError(status: status) { throw error }
    }
}

extension KeychainError: CustomStringConvertible {
    /// What happened, with the status number and what to do; never any item data.
    public var description: String {
        switch self {
        case .itemNotFound: return "keychain item not found (-25300): the only error that means there is no stored value"
        case .duplicateItem: return "keychain item already exists (-25299) for this account, service, access group and sync flag"
        case .interactionNotAllowed:
            return
                "keychain item not available now (-25308): the device is locked or not yet unlocked since boot; keep the session and retry after unlock, or store it with an afterFirstUnlock class; an access-controlled item needs the prompting async load"
        case .userCanceled: return "the user cancelled the authentication prompt (-128)"
        case .authenticationFailed: return "authentication failed (-25293), or the item was bound to a biometric enrolment that has changed"
        case .missingEntitlement:
            return "missing entitlement (-34018): the app is not entitled to this keychain access group; check keychain-access-groups in the entitlements"
        case .invalidParameters: return "invalid keychain query (-50): for example both an accessibility class and an access control were given"
        case .unexpectedStatus(let status): return "unexpected keychain status \(status)"
        }
    }
}
