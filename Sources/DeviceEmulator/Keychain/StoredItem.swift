import Foundation
import SecureStorage

/// A generic-password item as the emulated keychain stores it.
struct StoredItem: Sendable {
    /// Insertion order, like SQLite's rowid: searches return items in this order.
    let rowID: UInt64
    /// The team of the app that created the item; only apps of this team see it.
    var team: String
    var accessGroup: String
    var account: String
    var service: String
    var isSynchronizable: Bool
    var protection: Accessibility
    var accessControl: AccessControl?
    /// Whether the caller gave `accc` as a `KeychainAccessControl` (flags with a
    /// protection class), so attribute results return it in the same form.
    var accessControlCarriesProtection = false
    /// The biometric enrolment the access control was bound to (for `biometryCurrentSet`).
    var boundEnrolment: UInt64
    var data: Data
    var label: String?
    var description: String?
    var comment: String?
    var generic: Data?
    var creationDate: Date
    var modificationDate: Date

    /// Apple's uniqueness rule for `genp` (`SecItemSchema.c`, flag `P`): account, service,
    /// access group and synchronizable; plus the team, which scopes access groups here.
    struct PrimaryKey: Hashable, Sendable {
        let team: String
        let accessGroup: String
        let account: String
        let service: String
        let isSynchronizable: Bool
    }

    var primaryKey: PrimaryKey {
        PrimaryKey(
            team: team, accessGroup: accessGroup, account: account, service: service,
            isSynchronizable: isSynchronizable)
    }

    /// The access policy to satisfy before the item's data is used, if any.
    var accessPolicy: AccessPolicy? {
        guard let accessControl, accessControl.requiresAuthentication else { return nil }
        return AccessPolicy(flags: accessControl, boundEnrolment: boundEnrolment)
    }

    /// Whether the item needs the passcode: `akpu`, or an access control that prompts.
    var requiresPasscode: Bool {
        protection == .whenPasscodeSetThisDeviceOnly || accessPolicy != nil
    }

    /// Sets `accc` from a dictionary: flags, protection class, and the enrolment the
    /// flags bind to now.
    mutating func setAccessControl(_ attribute: AccessControlAttribute, enrolment: UInt64) {
        accessControl = attribute.flags
        accessControlCarriesProtection = attribute.protection != nil
        protection = attribute.effectiveProtection
        boundEnrolment = enrolment
    }

    /// Whether a backup restored onto another device carries the item: not for
    /// `…ThisDeviceOnly` classes, nor for access-controlled items (their protection is one).
    var migratesToOtherDevices: Bool {
        !protection.isThisDeviceOnly && accessControl == nil
    }

    /// The `r_Attributes` dictionary, with `v_Data` when `includingData`.
    func attributeDictionary(includingData: Bool) -> [String: Any] {
        var attributes: [String: Any] = [
            KeychainConstants.account: account,
            KeychainConstants.service: service,
            KeychainConstants.accessGroup: accessGroup,
            KeychainConstants.synchronizable: isSynchronizable,
            KeychainConstants.accessible: protection.rawValue,
            KeychainConstants.creationDate: creationDate,
            KeychainConstants.modificationDate: modificationDate,
        ]
        if let accessControl {
            attributes[KeychainConstants.accessControl] =
                accessControlCarriesProtection
                ? KeychainAccessControl(accessibility: protection, flags: accessControl) as Any
                : accessControl as Any
        }
        if let label { attributes[KeychainConstants.label] = label }
        if let description { attributes[AppleRaw.description] = description }
        if let comment { attributes[AppleRaw.comment] = comment }
        if let generic { attributes[KeychainConstants.generic] = generic }
        if includingData { attributes[KeychainConstants.valueData] = data }
        return attributes
    }
}
