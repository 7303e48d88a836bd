// The `kSec…` keys and values, as `CFString`s with the strings Apple's `SecItemConstants.c`
// gives them (the same strings as DeviceTrust's `KeychainConstants`). Apple imports them as
// `let` constants of type `CFString`; `nonisolated(unsafe)` because `NSString` is not
// `Sendable` here (they are never mutated).

/// `kSecClass`. https://developer.apple.com/documentation/security/ksecclass
nonisolated(unsafe) public let kSecClass: CFString = "class"
/// `kSecClassGenericPassword`. https://developer.apple.com/documentation/security/ksecclassgenericpassword
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
/// `kSecAttrAccessible`. https://developer.apple.com/documentation/security/ksecattraccessible
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
/// `kSecAttrAccessControl`. https://developer.apple.com/documentation/security/ksecattraccesscontrol
nonisolated(unsafe) public let kSecAttrAccessControl: CFString = "accc"
/// `kSecAttrAccessGroup`. https://developer.apple.com/documentation/security/ksecattraccessgroup
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = "agrp"
/// `kSecAttrAccount`. https://developer.apple.com/documentation/security/ksecattraccount
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
/// `kSecAttrService`. https://developer.apple.com/documentation/security/ksecattrservice
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
/// `kSecAttrSynchronizable`. https://developer.apple.com/documentation/security/ksecattrsynchronizable
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = "sync"
/// `kSecValueData`. https://developer.apple.com/documentation/security/ksecvaluedata
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
/// `kSecReturnData`. https://developer.apple.com/documentation/security/ksecreturndata
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
/// `kSecReturnAttributes`. https://developer.apple.com/documentation/security/ksecreturnattributes
nonisolated(unsafe) public let kSecReturnAttributes: CFString = "r_Attributes"
/// `kSecMatchLimit`. https://developer.apple.com/documentation/security/ksecmatchlimit
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
/// `kSecMatchLimitOne`. https://developer.apple.com/documentation/security/ksecmatchlimitone
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"
/// `kSecMatchLimitAll`. https://developer.apple.com/documentation/security/ksecmatchlimitall
nonisolated(unsafe) public let kSecMatchLimitAll: CFString = "m_LimitAll"
/// `kSecUseAuthenticationContext`. https://developer.apple.com/documentation/security/ksecuseauthenticationcontext
nonisolated(unsafe) public let kSecUseAuthenticationContext: CFString = "u_AuthCtx"
/// `kSecUseOperationPrompt`. https://developer.apple.com/documentation/security/ksecuseoperationprompt
nonisolated(unsafe) public let kSecUseOperationPrompt: CFString = "u_OpPrompt"
/// `kSecUseDataProtectionKeychain`. https://developer.apple.com/documentation/security/ksecusedataprotectionkeychain
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"

// MARK: kSecAttrAccessible values
// https://developer.apple.com/documentation/security/item-attribute-keys-and-values#Accessibility-Values

/// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`. https://developer.apple.com/documentation/security/ksecattraccessiblewhenpasscodesetthisdeviceonly
nonisolated(unsafe) public let kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly: CFString = "akpu"
/// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`. https://developer.apple.com/documentation/security/ksecattraccessiblewhenunlockedthisdeviceonly
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString = "aku"
/// `kSecAttrAccessibleWhenUnlocked`. https://developer.apple.com/documentation/security/ksecattraccessiblewhenunlocked
nonisolated(unsafe) public let kSecAttrAccessibleWhenUnlocked: CFString = "ak"
/// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`. https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlockthisdeviceonly
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
/// `kSecAttrAccessibleAfterFirstUnlock`. https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlock
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlock: CFString = "ck"

/// The protection classes `SecAccessControlCreateWithFlags` accepts.
let accessibilityValues: Set<String> = ["akpu", "aku", "ak", "cku", "ck"]
