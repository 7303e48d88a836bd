/// The single path from DeviceTrust to a keychain, shaped like Apple's `SecItem` API.
///
/// Dictionaries use Apple's raw constant strings (``KeychainConstants``) and calls return
/// Apple's `OSStatus` numbers, so the same queries go unchanged to `SecItemAdd`,
/// `SecItemCopyMatching`, `SecItemUpdate` and `SecItemDelete` on Apple platforms
/// (`SystemKeychainBackend`) and to the emulated device on Linux (`DeviceEmulator`).
/// Values are `Data` for `v_Data`, `String` for string attributes, `Bool` for `sync` and
/// the `r_…` flags, and ``KeychainAccessControl`` (protection class and flags; a
/// `SecAccessControl` on Apple) for `accc`. The emulator also accepts bare
/// ``AccessControl`` flags there.
public protocol KeychainBackend: Sendable {
    /// `SecItemAdd`.
    func add(_ attributes: [String: Any]) -> Int32
    /// `SecItemCopyMatching`: the status and, on success, the result (`Data`, an attribute
    /// dictionary, or an array of them).
    func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?)
    /// `SecItemUpdate`.
    func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32
    /// `SecItemDelete`: deletes every match.
    func delete(_ query: [String: Any]) -> Int32
}
