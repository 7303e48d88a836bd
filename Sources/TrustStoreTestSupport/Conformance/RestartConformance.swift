import Foundation
import TrustStore

extension TrustStoreConformance {
    static var restartChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck("everything acknowledged survives closing and reopening") { database in
                do {
                    let store = try database.openStore()
                    try Fixtures.enrolledDevice(store, "dev-1")
                    try Fixtures.enrolledDevice(store, "dev-2")
                    try store.createEnrollment(Fixtures.enrollment("enr-open"))
                    try store.insertChallenge(Fixtures.challenge("ch-consumed"))
                    try store.insertChallenge(Fixtures.challenge("ch-open"))
                    _ = try store.consumeChallenge(id: "ch-consumed", now: Clock.at(1))
                    _ = try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(2))
                    _ = try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(3))
                    try store.replaceBiometricKey(deviceId: "dev-1", publicKey: Fixtures.key(9), now: Clock.at(4))
                    try store.markDeviceUsed(id: "dev-1", at: Clock.at(5))
                    try store.revokeDevice(id: "dev-2", now: Clock.at(6))
                }
                let reopened = try database.openStore()
                try expectEqual(try reopened.enrollment(id: "enr-open")?.state, .open, "open enrollment")
                try expectEqual(try reopened.enrollment(id: "enr-dev-1")?.state, .consumed, "consumed enrollment")
                try expectEqual(try reopened.challenge(id: "ch-consumed")?.consumedAt, Clock.at(1), "consumed challenge")
                try expectStoreError(.alreadyConsumed, "replaying the consumed challenge") { () throws(StoreError) in
                    try reopened.consumeChallenge(id: "ch-consumed", now: Clock.at(7))
                }
                try expectEqual(try reopened.challenge(id: "ch-open")?.isConsumed, false, "open challenge")
                let device = try unwrap(try reopened.device(id: "dev-1"), "device 1")
                try expectEqual(device.failedPinAttempts, 2, "PIN failures")
                try expectEqual(device.lastUsedAt, Clock.at(5), "lastUsedAt")
                try expectEqual(try reopened.activeKey(deviceId: "dev-1", kind: .biometric)?.publicKey, Fixtures.key(9), "replaced key")
                try expectEqual(try reopened.device(id: "dev-2")?.revokedAt, Clock.at(6), "revocation")
            },
            TrustStoreConformanceCheck("reopening an existing database several times changes nothing") { database in
                do {
                    let store = try database.openStore()
                    try Fixtures.enrolledDevice(store, "dev-1")
                }
                for _ in 0..<3 { _ = try database.openStore() }
                let store = try database.openStore()
                try expectEqual(try store.devices(ofAccount: "acct-1").map(\.device.id), ["dev-1"], "devices after reopening")
                try Fixtures.enrolledDevice(store, "dev-2")
            },
        ]
    }
}
