import AppleSurfaceRuntime

/// An access control object: a protection class and the flags of who must be present.
/// https://developer.apple.com/documentation/security/secaccesscontrol
public final class SecAccessControl {
    /// The protection class and flags as plain values, for the device.
    package let value: SurfaceAccessControl

    init(_ value: SurfaceAccessControl) { self.value = value }
}

/// `SecAccessControlCreateFlags`, with the bit values of `SecAccessControl.h`.
/// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags
public struct SecAccessControlCreateFlags: OptionSet, Sendable {
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/init(rawvalue:)
    public init(rawValue: CFOptionFlags) { self.rawValue = rawValue }
    /// The flags' bits.
    public let rawValue: CFOptionFlags

    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/userpresence
    public static let userPresence = SecAccessControlCreateFlags(rawValue: 1 << 0)
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/biometryany
    public static let biometryAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/biometrycurrentset
    public static let biometryCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/devicepasscode
    public static let devicePasscode = SecAccessControlCreateFlags(rawValue: 1 << 4)
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/or
    public static let or = SecAccessControlCreateFlags(rawValue: 1 << 14)
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/and
    public static let and = SecAccessControlCreateFlags(rawValue: 1 << 15)
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/privatekeyusage
    public static let privateKeyUsage = SecAccessControlCreateFlags(rawValue: 1 << 30)
    /// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags/applicationpassword
    public static let applicationPassword = SecAccessControlCreateFlags(rawValue: 1 << 31)
}

/// Creates a new access control object with the specified protection type and flags.
/// https://developer.apple.com/documentation/security/secaccesscontrolcreatewithflags(_:_:_:_:)
///
/// As on Apple platforms, it returns `nil` (and a retained `CFError` in `error`) when
/// `protection` is not one of the `kSecAttrAccessible…` values.
public func SecAccessControlCreateWithFlags(
    _ allocator: CFAllocator?, _ protection: CFTypeRef, _ flags: SecAccessControlCreateFlags, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? {
    guard let name = (protection as? NSString).map(String.init), accessibilityValues.contains(name) else {
        let failure = NSError(domain: NSOSStatusErrorDomain, code: Int(errSecParam), userInfo: [NSDebugDescriptionErrorKey: "invalid protection class"])
        error?.pointee = Unmanaged.passRetained(failure)
        return nil
    }
    return SecAccessControl(SurfaceAccessControl(protection: name, flags: flags.rawValue))
}
