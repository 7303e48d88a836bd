import SecureStorage

/// The keys a ``DeviceTrustClient`` signs with: the device key (paired with the PIN) and
/// the biometric key. Enrollment sets both; a rebind replaces the biometric key.
struct BoundKeys: Sendable {
    var deviceKey: (any DeviceKey)?
    var biometricKey: (any DeviceKey)?
    /// Set by the local wipe after a removal or revocation, cleared by a new enrollment:
    /// until then every call that needs a key answers `device_revoked` without a request.
    var wiped = false
}
