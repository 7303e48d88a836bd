import SecureStorage

/// Why an emulated keychain call failed: Apple's status, plus a reason for the person
/// debugging the test. Equality compares the status only.
///
/// The reason names the offending key or condition, never a value: values can be secrets.
struct KeychainFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Apple's `OSStatus` for this failure.
    let status: Int32
    /// What happened, in words; never carries item data.
    let reason: String

    init(status: Int32, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    static func == (lhs: KeychainFailure, rhs: KeychainFailure) -> Bool { lhs.status == rhs.status }

    var description: String { "keychain status \(status): \(reason)" }

    // MARK: Named failures, one per status

    /// -50 `errSecParam`.
    static func invalidParameter(_ reason: String) -> KeychainFailure {
        KeychainFailure(status: KeychainConstants.statusParam, reason)
    }
    /// -25303 `errSecNoSuchAttr`.
    static func noSuchAttribute(_ key: String) -> KeychainFailure {
        KeychainFailure(status: AppleRaw.statusNoSuchAttribute, "attribute \(key) not found in class genp")
    }
    /// -25306 `errSecNoSuchClass`.
    static func noSuchClass(_ name: String) -> KeychainFailure {
        KeychainFailure(status: AppleRaw.statusNoSuchClass, "no item class named \(name)")
    }
    /// -25299 `errSecDuplicateItem`.
    static let duplicateItem = KeychainFailure(
        status: KeychainConstants.statusDuplicateItem,
        "an item with the same account, service, access group and synchronizable flag exists")
    /// -25300 `errSecItemNotFound`.
    static let itemNotFound = KeychainFailure(status: KeychainConstants.statusItemNotFound, "no item matches the query")
    /// -25308 `errSecInteractionNotAllowed` because of the lock state.
    static let protectionUnavailable = KeychainFailure(
        status: KeychainConstants.statusInteractionNotAllowed,
        "the item's data protection class is not available in the device's lock state")
    /// -25293 `errSecAuthFailed` for an item that needs a passcode (`akpu`, or an access
    /// control that prompts) on a device without one.
    static let passcodeNotSet = KeychainFailure(
        status: KeychainConstants.statusAuthFailed,
        "akpu items and items whose access control prompts need a device passcode")
    /// -34018 `errSecMissingEntitlement`.
    static func missingEntitlement(_ reason: String) -> KeychainFailure {
        KeychainFailure(status: KeychainConstants.statusMissingEntitlement, reason)
    }
    /// -25291 `errSecNotAvailable`: the calling app is no longer installed.
    static let appNotInstalled = KeychainFailure(
        status: AppleRaw.statusNotAvailable, "the app was uninstalled; install it again for a live handle")

    /// The failure for an authentication prompt that did not succeed.
    init(_ failure: AuthenticationFailure) {
        self.init(status: failure.status, failure.reason)
    }
}
