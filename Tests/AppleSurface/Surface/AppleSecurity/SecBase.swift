// Result codes of the Security framework (`SecBase.h`), with Apple's values.
// https://developer.apple.com/documentation/security/security-framework-result-codes

/// `errSecSuccess`. https://developer.apple.com/documentation/security/errsecsuccess
public var errSecSuccess: OSStatus { 0 }
/// `errSecParam`. https://developer.apple.com/documentation/security/errsecparam
public var errSecParam: OSStatus { -50 }
/// `errSecUserCanceled`. https://developer.apple.com/documentation/security/errsecusercanceled
public var errSecUserCanceled: OSStatus { -128 }
/// `errSecNotAvailable`. https://developer.apple.com/documentation/security/errsecnotavailable
public var errSecNotAvailable: OSStatus { -25291 }
/// `errSecAuthFailed`. https://developer.apple.com/documentation/security/errsecauthfailed
public var errSecAuthFailed: OSStatus { -25293 }
/// `errSecDuplicateItem`. https://developer.apple.com/documentation/security/errsecduplicateitem
public var errSecDuplicateItem: OSStatus { -25299 }
/// `errSecItemNotFound`. https://developer.apple.com/documentation/security/errsecitemnotfound
public var errSecItemNotFound: OSStatus { -25300 }
/// `errSecInteractionNotAllowed`. https://developer.apple.com/documentation/security/errsecinteractionnotallowed
public var errSecInteractionNotAllowed: OSStatus { -25308 }
/// `errSecDecode`. https://developer.apple.com/documentation/security/errsecdecode
public var errSecDecode: OSStatus { -26275 }
/// `errSecMissingEntitlement`. https://developer.apple.com/documentation/security/errsecmissingentitlement
public var errSecMissingEntitlement: OSStatus { -34018 }
