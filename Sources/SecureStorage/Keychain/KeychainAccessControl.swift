/// The value DeviceTrust puts under `kSecAttrAccessControl` (`accc`): the protection class
/// together with the access-control flags, as `SecAccessControlCreateWithFlags` takes them.
///
/// Apple's keychain refuses a query that carries both `pdmn` and `accc` (-50), because an
/// access control already contains its protection class. This value is that pair;
/// `SystemKeychainBackend` turns it into a `SecAccessControl`, the emulator reads it as is.
public struct KeychainAccessControl: Sendable, Hashable {
    /// When the item can be read at all.
    public let accessibility: Accessibility
    /// Who must be present to read it.
    public let flags: AccessControl

    /// Pairs a protection class with access-control flags.
    public init(accessibility: Accessibility, flags: AccessControl) {
        self.accessibility = accessibility
        self.flags = flags
    }
}
