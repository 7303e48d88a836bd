import Foundation
import SecureStorage

/// What a dictionary says about `kSecAttrSynchronizable` (`sync`).
enum SynchronizableAttribute: Sendable, Equatable {
    /// `true` or `false` (also the numbers 1 and 0, as Apple's `copyNumber` accepts them).
    case value(Bool)
    /// `kSecAttrSynchronizableAny` (`syna`): search both; only in queries.
    case any
}

/// `kSecUseAuthenticationUI` (`u_AuthUI`).
enum AuthenticationUI: Sendable, Equatable {
    /// `u_AuthUIA`, the default: prompt when an item needs it.
    case allow
    /// `u_AuthUIF` (or `u_NoAuthUI` = true): fail with -25308 instead of prompting.
    case fail
    /// `u_AuthUIS`: silently skip items that would prompt; `SecItemCopyMatching` only.
    case skip
}

/// `kSecMatchLimit` (`m_Limit`).
enum MatchLimit: Sendable, Equatable {
    case one, all
    case count(Int)

    func apply<T>(to matches: [T]) -> [T] {
        switch self {
        case .one: return Array(matches.prefix(1))
        case .all: return matches
        case .count(let n): return Array(matches.prefix(n))
        }
    }
}

/// `kSecAttrAccessControl` (`accc`) as a caller gave it: DeviceTrust's `AccessControl`
/// flags alone, or SecureStorage's `KeychainAccessControl`, which pairs them with a
/// protection class as Apple's `SecAccessControl` does.
struct AccessControlAttribute: Sendable, Equatable {
    let flags: AccessControl
    /// The protection class paired with the flags, if the caller gave one.
    let protection: Accessibility?

    /// The item's protection class: the given one, else the emulator's choice
    /// (``DataProtection/protection(for:)``).
    var effectiveProtection: Accessibility {
        protection ?? DataProtection.protection(for: flags)
    }
}

/// The item attributes a dictionary names; `nil` for the ones it leaves out.
struct ItemAttributes: Sendable {
    var account: String?
    var service: String?
    var accessGroup: String?
    var synchronizable: SynchronizableAttribute?
    var protection: Accessibility?
    var accessControl: AccessControlAttribute?
    var label: String?
    var description: String?
    var comment: String?
    var generic: Data?
}

/// The `u_…` options of a call.
struct UseOptions: Sendable {
    var context: AuthenticationContext?
    var authenticationUI: AuthenticationUI = .allow
    var operationPrompt: String?
}

/// Which SecItem call, or which half of `SecItemUpdate`, a dictionary is for: the same key
/// is legal in one and not in another.
enum QueryPurpose: Sendable, Equatable {
    case add, copyMatching, update, delete
    /// `SecItemUpdate`'s second dictionary: attributes only, plus `v_Data`.
    case attributesToUpdate

    var name: String {
        switch self {
        case .add: return "SecItemAdd"
        case .copyMatching: return "SecItemCopyMatching"
        case .update: return "SecItemUpdate (query)"
        case .delete: return "SecItemDelete"
        case .attributesToUpdate: return "SecItemUpdate (attributes to update)"
        }
    }
}

/// A SecItem dictionary, validated and typed. Construction fails with Apple's status for
/// the first problem found: -50 for a wrong value type, a missing class, a conflicting or
/// unsupported key; -25303 for an attribute the `genp` class does not have; -25306 for an
/// unknown class.
struct KeychainQuery: Sendable {
    var attributes = ItemAttributes()
    var data: Data?
    var limit: MatchLimit = .one
    var returnData = false
    var returnAttributes = false
    var use = UseOptions()

    /// Parses `dictionary` for `purpose`.
    init(parsing dictionary: [String: Any], for purpose: QueryPurpose) throws(KeychainFailure) {
        if purpose != .attributesToUpdate {
            try Self.checkClass(dictionary[KeychainConstants.itemClass])
        }
        // Sorted, so a dictionary with several problems always reports the same one.
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key })
        where !(key == KeychainConstants.itemClass && purpose != .attributesToUpdate) {
            try parse(key: key, value: value, purpose: purpose)
        }
        try validate(for: purpose)
        if purpose == .attributesToUpdate && dictionary.isEmpty {
            throw .invalidParameter("SecItemUpdate needs at least one attribute to update")
        }
    }

    // MARK: Class

    private static func checkClass(_ value: Any?) throws(KeychainFailure) {
        guard let value else { throw .invalidParameter("the query has no class (kSecClass)") }
        guard let name = value as? String else { throw .invalidParameter("class must be a String") }
        switch name {
        case KeychainConstants.classGenericPassword:
            return
        case AppleRaw.classInternetPassword, AppleRaw.classCertificate, AppleRaw.classKey, AppleRaw.classIdentity:
            throw .invalidParameter("class \(name) is not emulated; the emulator implements genp only")
        default:
            throw .noSuchClass(name)
        }
    }

    // MARK: Keys

    private mutating func parse(key: String, value: Any, purpose: QueryPurpose) throws(KeychainFailure) {
        // Apple's query_applier: four-character keys are attributes; longer ones are
        // classified by their first letter. In the attributes to update every key but
        // v_Data is an attribute (query_update_applier).
        if key.count == 4 || purpose == .attributesToUpdate && key != KeychainConstants.valueData {
            try parseAttribute(key: key, value: value, purpose: purpose)
            return
        }
        switch key {
        case KeychainConstants.valueData:
            guard purpose == .add || purpose == .attributesToUpdate else {
                throw .invalidParameter("v_Data is not a search criterion; put new data in the attributes to update")
            }
            data = try Self.cast(value, Data.self, key)
        case KeychainConstants.matchLimit:
            guard purpose != .add else { throw .invalidParameter("m_Limit belongs in searches, not in SecItemAdd") }
            limit = try Self.matchLimit(value)
        case KeychainConstants.returnData:
            returnData = try Self.cast(value, Bool.self, key)
        case KeychainConstants.returnAttributes:
            returnAttributes = try Self.cast(value, Bool.self, key)
        case AppleRaw.returnRef, AppleRaw.returnPersistentRef, AppleRaw.valueRef, AppleRaw.valuePersistentRef:
            throw .invalidParameter("\(key) is not emulated: the emulator has no item references")
        case KeychainConstants.useAuthenticationContext:
            use.context = try Self.cast(value, AuthenticationContext.self, key)
        case KeychainConstants.useOperationPrompt:
            use.operationPrompt = try Self.cast(value, String.self, key)
        case KeychainConstants.useAuthenticationUI:
            use.authenticationUI = try Self.authenticationUI(value)
        case AppleRaw.useNoAuthenticationUI:
            if try Self.cast(value, Bool.self, key) { use.authenticationUI = .fail }
        default:
            throw .invalidParameter("unknown or unsupported key \(key) in \(purpose.name)")
        }
    }

    private mutating func parseAttribute(key: String, value: Any, purpose: QueryPurpose) throws(KeychainFailure) {
        switch key {
        case KeychainConstants.account: attributes.account = try Self.cast(value, String.self, key)
        case KeychainConstants.service: attributes.service = try Self.cast(value, String.self, key)
        case KeychainConstants.accessGroup: attributes.accessGroup = try Self.cast(value, String.self, key)
        case KeychainConstants.label: attributes.label = try Self.cast(value, String.self, key)
        case AppleRaw.description: attributes.description = try Self.cast(value, String.self, key)
        case AppleRaw.comment: attributes.comment = try Self.cast(value, String.self, key)
        case KeychainConstants.generic: attributes.generic = try Self.generic(value)
        case KeychainConstants.synchronizable: attributes.synchronizable = try Self.synchronizable(value)
        case KeychainConstants.accessible: attributes.protection = try Self.protection(value)
        case KeychainConstants.accessControl:
            attributes.accessControl = try Self.accessControl(value)
        case KeychainConstants.useDataProtectionKeychain:
            // SecDbAttrWithKey: "results in no ops for this attribute".
            _ = try Self.cast(value, Bool.self, key)
        default:
            if AppleRaw.unmodelledGenericPasswordAttributes.contains(key) {
                throw .invalidParameter("attribute \(key) exists on iOS but is not emulated")
            }
            throw .noSuchAttribute(key)
        }
    }

    // MARK: Combinations

    private func validate(for purpose: QueryPurpose) throws(KeychainFailure) {
        if attributes.protection != nil && attributes.accessControl != nil {
            // SecDbQuery.c query_set_access_control: errSecItemIllegalQuery (= errSecParam).
            throw .invalidParameter("conflicting kSecAttrAccessible (pdmn) and kSecAttrAccessControl (accc)")
        }
        if attributes.synchronizable == .any && (purpose == .add || purpose == .attributesToUpdate) {
            throw .invalidParameter("syna (kSecAttrSynchronizableAny) is for queries; an item is synchronizable or not")
        }
        if use.authenticationUI == .skip && purpose != .copyMatching {
            throw .invalidParameter("u_AuthUIS (skip) is allowed in SecItemCopyMatching only")
        }
    }

    // MARK: Values

    private static func cast<T>(_ value: Any, _ type: T.Type, _ key: String) throws(KeychainFailure) -> T {
        guard let typed = value as? T else { throw .invalidParameter("\(key) must be a \(T.self)") }
        return typed
    }

    private static func matchLimit(_ value: Any) throws(KeychainFailure) -> MatchLimit {
        if let name = value as? String {
            switch name {
            case KeychainConstants.matchLimitOne: return .one
            case KeychainConstants.matchLimitAll: return .all
            default: throw .invalidParameter("unsupported match limit \(name)")
            }
        }
        if let count = value as? Int, count > 0 { return count == 1 ? .one : .count(count) }
        throw .invalidParameter("m_Limit must be m_LimitOne, m_LimitAll or a positive Int")
    }

    private static func authenticationUI(_ value: Any) throws(KeychainFailure) -> AuthenticationUI {
        switch try cast(value, String.self, KeychainConstants.useAuthenticationUI) {
        case AppleRaw.useAuthenticationUIAllow: return .allow
        case KeychainConstants.useAuthenticationUIFail: return .fail
        case KeychainConstants.useAuthenticationUISkip: return .skip
        case let other: throw .invalidParameter("unknown u_AuthUI value \(other)")
        }
    }

    private static func synchronizable(_ value: Any) throws(KeychainFailure) -> SynchronizableAttribute {
        if let flag = value as? Bool { return .value(flag) }
        if let number = value as? Int, number == 0 || number == 1 { return .value(number == 1) }
        if let name = value as? String, name == KeychainConstants.synchronizableAny { return .any }
        throw .invalidParameter("sync must be a Bool (or syna in a query)")
    }

    private static func protection(_ value: Any) throws(KeychainFailure) -> Accessibility {
        let name = try cast(value, String.self, KeychainConstants.accessible)
        if let protection = Accessibility(rawValue: name) { return protection }
        if name == "dk" || name == "dku" {
            throw .invalidParameter("the deprecated Always classes (dk, dku) are not emulated")
        }
        throw .invalidParameter("unknown accessibility class \(name)")
    }

    private static func generic(_ value: Any) throws(KeychainFailure) -> Data {
        // kSecAttrGeneric is a data attribute; Apple's copyData also takes a string (UTF-8).
        if let data = value as? Data { return data }
        if let string = value as? String { return Data(string.utf8) }
        throw .invalidParameter("gena must be Data")
    }

    private static func accessControl(_ value: Any) throws(KeychainFailure) -> AccessControlAttribute {
        let attribute: AccessControlAttribute
        if let flags = value as? AccessControl {
            attribute = AccessControlAttribute(flags: flags, protection: nil)
        } else if let pair = value as? KeychainAccessControl {
            attribute = AccessControlAttribute(flags: pair.flags, protection: pair.accessibility)
        } else {
            throw .invalidParameter("accc must be an AccessControl or a KeychainAccessControl")
        }
        try validate(attribute.flags)
        return attribute
    }

    /// `SecAccessControlCreateWithFlags` refuses `.or` together with `.and`.
    static func validate(_ flags: AccessControl) throws(KeychainFailure) {
        if flags.contains(.or) && flags.contains(.and) {
            throw .invalidParameter("access control combines .or and .and")
        }
    }
}
