import SecureStorage

/// The keys a ``DeviceTrustClient`` signs with: the device key (paired with the PIN) and
/// the biometric key. Enrollment sets both; a rebind replaces the biometric key.
struct BoundKeys: Sendable {
    var deviceKey: (any DeviceKey)?
    var biometricKey: (any DeviceKey)?
}
