/// Apple's raw Keychain constants: the strings behind `kSecClass`, `kSecAttr…`,
/// `kSecMatch…`, `kSecReturn…`, `kSecValue…`, `kSecUse…`, and the `OSStatus` numbers.
///
/// Queries built with these strings go unchanged to `SecItemAdd` and friends on Apple
/// platforms (the `CFString` constants have exactly these values) and to the emulator on
/// Linux. Source: Apple's open-source Security framework, `SecItemConstants.c` and
/// `SecBase.h`.
public enum KeychainConstants {
    // MARK: Classes
    /// `kSecClass`
    public static let itemClass = "class"
    /// `kSecClassGenericPassword`
    public static let classGenericPassword = "genp"

    // MARK: Attributes
    /// `kSecAttrAccessible`
    public static let accessible = "pdmn"
    /// `kSecAttrAccessControl`
    public static let accessControl = "accc"
    /// `kSecAttrAccessGroup`
    public static let accessGroup = "agrp"
    /// `kSecAttrSynchronizable`
    public static let synchronizable = "sync"
    /// `kSecAttrSynchronizableAny`
    public static let synchronizableAny = "syna"
    /// `kSecAttrAccount`
    public static let account = "acct"
    /// `kSecAttrService`
    public static let service = "svce"
    /// `kSecAttrLabel`
    public static let label = "labl"
    /// `kSecAttrGeneric`
    public static let generic = "gena"
    /// `kSecAttrCreationDate`
    public static let creationDate = "cdat"
    /// `kSecAttrModificationDate`
    public static let modificationDate = "mdat"

    // MARK: Search, return, value, use
    /// `kSecMatchLimit`
    public static let matchLimit = "m_Limit"
    /// `kSecMatchLimitOne`
    public static let matchLimitOne = "m_LimitOne"
    /// `kSecMatchLimitAll`
    public static let matchLimitAll = "m_LimitAll"
    /// `kSecReturnData`
    public static let returnData = "r_Data"
    /// `kSecReturnAttributes`
    public static let returnAttributes = "r_Attributes"
    /// `kSecValueData`
    public static let valueData = "v_Data"
    /// `kSecUseAuthenticationContext`
    public static let useAuthenticationContext = "u_AuthCtx"
    /// `kSecUseAuthenticationUI`
    public static let useAuthenticationUI = "u_AuthUI"
    /// `kSecUseAuthenticationUIFail`: fail with -25308 instead of prompting.
    public static let useAuthenticationUIFail = "u_AuthUIF"
    /// `kSecUseAuthenticationUISkip`: silently skip items that would prompt.
    public static let useAuthenticationUISkip = "u_AuthUIS"
    /// `kSecUseOperationPrompt`
    public static let useOperationPrompt = "u_OpPrompt"
    /// `kSecUseDataProtectionKeychain` (macOS: iOS-style keychain)
    public static let useDataProtectionKeychain = "nleg"

    // MARK: Statuses (OSStatus)
    /// `errSecSuccess`
    public static let statusSuccess: Int32 = 0
    /// `errSecParam`: an invalid or conflicting query.
    public static let statusParam: Int32 = -50
    /// `errSecUserCanceled`
    public static let statusUserCanceled: Int32 = -128
    /// `errSecAuthFailed`
    public static let statusAuthFailed: Int32 = -25293
    /// `errSecDuplicateItem`
    public static let statusDuplicateItem: Int32 = -25299
    /// `errSecItemNotFound`
    public static let statusItemNotFound: Int32 = -25300
    /// `errSecInteractionNotAllowed`: the item exists but is not available now
    /// (device locked, before first unlock, or UI needed but not allowed).
    public static let statusInteractionNotAllowed: Int32 = -25308
    /// `errSecDecode`
    public static let statusDecode: Int32 = -26275
    /// `errSecMissingEntitlement`
    public static let statusMissingEntitlement: Int32 = -34018
}
