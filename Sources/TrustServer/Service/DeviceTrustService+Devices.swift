import DeviceBinding
import Foundation
import TrustStore

extension DeviceTrustService {
    /// The account's devices, revoked ones included, oldest first (admin).
    ///
    /// - Throws: `Problem` `not_found` when the account has no device; ``ServiceFailure``
    ///   for storage failures or a broken stored record.
    public func listDevices(accountId: String) throws -> DeviceList {
        let summaries = try storage("account") { () throws(StoreError) in try store.devices(ofAccount: accountId) }
        guard !summaries.isEmpty else {
            throw refuse("device listing", Problem(code: .notFound, detail: "no device is enrolled for this account"), reason: "no devices")
        }
        return DeviceList(
            devices: try summaries.map { summary in
                let device = summary.device
                guard let platform = Platform(rawValue: device.platform) else {
                    throw ServiceFailure(.internal, "a stored device has a platform this build does not know")
                }
                do {
                    return DeviceList.Device(
                        deviceId: device.id, deviceName: device.name, platform: platform,
                        createdAt: try RFC3339Timestamp(device.createdAt),
                        lastUsedAt: try device.lastUsedAt.map { date throws(WireFormatError) in try RFC3339Timestamp(date) },
                        revoked: device.isRevoked,
                        keys: summary.keyKinds.sorted().map { DeviceBinding.KeyKind($0) },
                        attestation: Dictionary(
                            uniqueKeysWithValues: try summary.attestations.map { (kind, attestation) throws(WireFormatError) in
                                (
                                    kind.rawValue,
                                    DeviceList.KeyAttestationSummary(
                                        platform: attestation.platform, format: attestation.format,
                                        securityLevel: attestation.securityLevel, environment: attestation.environment,
                                        riskMetric: attestation.riskMetric,
                                        receiptExpiresAt: try attestation.receiptExpiresAt.map { date throws(WireFormatError) in try RFC3339Timestamp(date) })
                                )
                            }))
                } catch {
                    throw ServiceFailure(.internal, "a stored device time is outside the RFC 3339 range")
                }
            })
    }

    /// Revokes a device and all its keys (admin); idempotent.
    ///
    /// - Throws: `Problem` `not_found` for an unknown device; ``ServiceFailure`` otherwise.
    public func revokeDevice(id deviceId: String) throws {
        let now = clock.now()
        do {
            try storage("device") { () throws(StoreError) in try store.revokeDevice(id: deviceId, now: now) }
        } catch let problem as Problem {
            throw refuse("device revocation", problem, reason: "revoke failed")
        }
        countRevocation()
        log.revoked(deviceId: deviceId, reason: "admin", text: "device \(deviceId) revoked by the admin API")
    }
}
