import Foundation
import TrustStore

extension TrustStoreConformance {
    static var deviceChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck("an account lists its devices oldest first with their active key kinds") { database in
                let store = try database.openStore()
                try expectEqual(try store.devices(ofAccount: "acct-1"), [], "devices of an empty account")
                try Fixtures.enrolledDevice(store, "dev-b", at: 20)
                try Fixtures.enrolledDevice(store, "dev-a", biometric: false, at: 10)
                try Fixtures.enrolledDevice(store, "dev-other", account: "acct-2", at: 0)
                try store.revokeDevice(id: "dev-b", now: Clock.at(30))
                let listed = try store.devices(ofAccount: "acct-1")
                try expectEqual(listed.map(\.device.id), ["dev-a", "dev-b"], "device order")
                try expectEqual(listed.map(\.keyKinds), [[.device], [.device, .biometric]], "key kinds")
                try expectEqual(listed.map(\.device.isRevoked), [false, true], "revoked flags")
                try expectEqual(try store.device(id: "dev-unknown"), nil, "unknown device")
            },
            TrustStoreConformanceCheck("attestations stored at enrollment are listed with the device and survive reopening") { database in
                let store = try database.openStore()
                let appAttest = KeyAttestation(
                    kind: .device, platform: "ios", format: "apple-appattest", environment: "development",
                    appAttestKeyId: Data(repeating: 0x11, count: 32), appAttestPublicKey: Fixtures.key(9),
                    signCount: 0, receipt: Data([0x30, 0x80, 0x01]), appAttestAppId: "ABCDE12345.com.example.bank")
                let android = KeyAttestation(kind: .biometric, platform: "android", format: "android-key", securityLevel: "StrongBox")
                var registration = Fixtures.registration("dev-1")
                registration.attestations = [.device: appAttest, .biometric: android]
                try store.createEnrollment(Fixtures.enrollment("enr-1"))
                _ = try store.enrollDevice(registration, consumingEnrollment: "enr-1", now: Clock.t0)
                try Fixtures.enrolledDevice(store, "dev-2", at: 5)
                try expectEqual(
                    try store.devices(ofAccount: "acct-1").map(\.attestations),
                    [[.device: appAttest, .biometric: android], [:]], "attestations as listed")
                let reopened = try database.openStore()
                try expectEqual(
                    try reopened.devices(ofAccount: "acct-1").first?.attestations, [.device: appAttest, .biometric: android],
                    "attestations after reopening")

                var orphan = Fixtures.registration("dev-3", biometric: false)
                orphan.attestations = [.biometric: android]
                try store.createEnrollment(Fixtures.enrollment("enr-3"))
                try expectStoreError(.invalidArgument, "an attestation without its key") { () throws(StoreError) in
                    _ = try store.enrollDevice(orphan, consumingEnrollment: "enr-3", now: Clock.at(6))
                }
            },
            TrustStoreConformanceCheck("replacing the biometric key keeps the old one as history") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1", at: 0)
                try store.replaceBiometricKey(deviceId: "dev-1", publicKey: Fixtures.key(7), now: Clock.at(50))
                try expectEqual(try store.activeKey(deviceId: "dev-1", kind: .biometric)?.publicKey, Fixtures.key(7), "new biometric key")
                try expectEqual(try store.activeKey(deviceId: "dev-1", kind: .device)?.publicKey, Fixtures.key(1), "device key untouched")
                let history = try store.keyHistory(deviceId: "dev-1").filter { $0.kind == .biometric }
                try expectEqual(
                    history,
                    [
                        DeviceKeyRecord(deviceId: "dev-1", kind: .biometric, publicKey: Fixtures.key(2), createdAt: Clock.t0, replacedAt: Clock.at(50)),
                        DeviceKeyRecord(deviceId: "dev-1", kind: .biometric, publicKey: Fixtures.key(7), createdAt: Clock.at(50)),
                    ], "biometric key history")

                try Fixtures.enrolledDevice(store, "dev-2", biometric: false)
                try store.replaceBiometricKey(deviceId: "dev-2", publicKey: Fixtures.key(8), now: Clock.at(60))
                try expectEqual(try store.devices(ofAccount: "acct-1").last?.keyKinds, [.device, .biometric], "key kinds after adding one")

                try expectStoreError(.notFound, "unknown device") { () throws(StoreError) in
                    try store.replaceBiometricKey(deviceId: "dev-unknown", publicKey: Fixtures.key(9), now: Clock.at(61))
                }
                try store.revokeDevice(id: "dev-1", now: Clock.at(70))
                try expectStoreError(.deviceRevoked, "revoked device") { () throws(StoreError) in
                    try store.replaceBiometricKey(deviceId: "dev-1", publicKey: Fixtures.key(9), now: Clock.at(71))
                }
                try expectEqual(try store.activeKey(deviceId: "dev-1", kind: .biometric)?.publicKey, Fixtures.key(7), "key of a revoked device")
            },
            TrustStoreConformanceCheck("revocation is idempotent, keeps the first time, and stops use") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                try store.markDeviceUsed(id: "dev-1", at: Clock.at(5))
                try expectEqual(try store.device(id: "dev-1")?.lastUsedAt, Clock.at(5), "lastUsedAt")
                try store.revokeDevice(id: "dev-1", now: Clock.at(10))
                try store.revokeDevice(id: "dev-1", now: Clock.at(20))
                try expectEqual(try store.device(id: "dev-1")?.revokedAt, Clock.at(10), "revokedAt")
                try expectStoreError(.deviceRevoked, "using a revoked device") { () throws(StoreError) in
                    try store.markDeviceUsed(id: "dev-1", at: Clock.at(21))
                }
                try expectStoreError(.notFound, "revoking an unknown device") { () throws(StoreError) in
                    try store.revokeDevice(id: "dev-unknown", now: Clock.at(21))
                }
                try expectStoreError(.notFound, "using an unknown device") { () throws(StoreError) in
                    try store.markDeviceUsed(id: "dev-unknown", at: Clock.at(21))
                }
            },
        ]
    }
}
