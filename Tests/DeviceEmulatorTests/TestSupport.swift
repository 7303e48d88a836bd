import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Apple's statuses, by name, for readable expectations.
enum Status {
    static let success: Int32 = 0
    static let param: Int32 = -50
    static let userCanceled: Int32 = -128
    static let notAvailable: Int32 = -25291
    static let authFailed: Int32 = -25293
    static let duplicateItem: Int32 = -25299
    static let itemNotFound: Int32 = -25300
    static let noSuchAttribute: Int32 = -25303
    static let noSuchClass: Int32 = -25306
    static let interactionNotAllowed: Int32 = -25308
    static let missingEntitlement: Int32 = -34018
}

/// Raw keys that `KeychainConstants` does not name.
enum RawKey {
    static let description = "desc"
    static let comment = "icmt"
    static let returnRef = "r_Ref"
    static let useAuthenticationUIAllow = "u_AuthUIA"
}

let team = "ABCDE12345"
let bankIdentity = AppIdentity(teamID: team, bundleID: "com.example.bank")

typealias K = KeychainConstants

/// A fresh device with the bank app installed.
func bankApp(on device: EmulatedDevice = EmulatedDevice()) -> EmulatedApp {
    device.install(bankIdentity)
}

/// Attributes for `SecItemAdd` of a generic password.
func newItem(
    account: String? = "token", service: String? = "session", data: String = "secret", _ extra: [String: Any] = [:]
) -> [String: Any] {
    var attributes: [String: Any] = [K.itemClass: K.classGenericPassword, K.valueData: Data(data.utf8)]
    if let account { attributes[K.account] = account }
    if let service { attributes[K.service] = service }
    return attributes.merging(extra) { _, new in new }
}

/// A query for generic passwords.
func query(account: String? = "token", service: String? = "session", _ extra: [String: Any] = [:]) -> [String: Any] {
    var query: [String: Any] = [K.itemClass: K.classGenericPassword]
    if let account { query[K.account] = account }
    if let service { query[K.service] = service }
    return query.merging(extra) { _, new in new }
}

extension KeychainBackend {
    /// `SecItemCopyMatching` returning the data of the first match.
    func readData(
        account: String? = "token", service: String? = "session", _ extra: [String: Any] = [:]
    )
        -> (status: Int32, data: Data?)
    {
        let (status, result) = copyMatching(
            query(
                account: account, service: service,
                [K.returnData: true]
                    .merging(extra) { _, new in new }))
        return (status, result as? Data)
    }

    /// The data of the first match as a UTF-8 string, or nil.
    func readString(account: String? = "token", service: String? = "session", _ extra: [String: Any] = [:]) -> String? {
        readData(account: account, service: service, extra).data.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `SecItemCopyMatching` returning the attributes of every match.
    func allAttributes(_ query: [String: Any]) -> (status: Int32, items: [[String: Any]]) {
        let (status, result) = copyMatching(
            query.merging([K.returnAttributes: true, K.matchLimit: K.matchLimitAll]) { _, new in new })
        return (status, result as? [[String: Any]] ?? [])
    }
}
