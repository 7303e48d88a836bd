import SecureStorage

/// Apple's raw keychain strings and statuses that the emulator needs beyond
/// `KeychainConstants` (source: `SecItemConstants.c`, `SecBase.h`).
enum AppleRaw {
    // MARK: Classes the emulator recognises but does not implement
    static let classInternetPassword = "inet"
    static let classCertificate = "cert"
    static let classKey = "keys"
    static let classIdentity = "idnt"

    // MARK: Attributes
    static let description = "desc"
    static let comment = "icmt"

    /// Attributes of Apple's `genp` schema (`SecItemSchema.c`) that the emulator does not
    /// model: accepted by iOS, rejected here with -50 so a test never silently relies on them.
    static let unmodelledGenericPasswordAttributes: Set<String> = [
        "cdat", "mdat", "crtr", "type", "scrp", "alis", "invi", "nega", "cusi", "prot",
        "tomb", "sha1", "vwht", "tkid", "musr", "UUID", "sysb", "pcss", "pcsk", "pcsi",
        "clip", "ggrp",
    ]

    // MARK: Return, value and use keys
    static let returnRef = "r_Ref"
    static let returnPersistentRef = "r_PersistentRef"
    static let valueRef = "v_Ref"
    static let valuePersistentRef = "v_PersistentRef"
    static let useAuthenticationUIAllow = "u_AuthUIA"
    static let useNoAuthenticationUI = "u_NoAuthUI"

    // MARK: Statuses
    /// `errSecNotAvailable`
    static let statusNotAvailable: Int32 = -25291
    /// `errSecNoSuchAttr`: an attribute name the class does not have.
    static let statusNoSuchAttribute: Int32 = -25303
    /// `errSecNoSuchClass`
    static let statusNoSuchClass: Int32 = -25306
}
