import Foundation
import TrustStore

extension TrustStoreConformance {
    static var lifeCycleChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck("an open store is available; a closed one refuses every call with closed, and closing twice is harmless") { database in
                let store = try database.openStore()
                try store.checkAvailability()
                try Fixtures.enrolledDevice(store, "dev-1")
                store.close()
                store.close()
                try expectStoreError(.closed, "availability after close") { () throws(StoreError) in try store.checkAvailability() }
                try expectStoreError(.closed, "a read after close") { () throws(StoreError) in try store.device(id: "dev-1") }
                try expectStoreError(.closed, "a write after close") { () throws(StoreError) in
                    try store.createEnrollment(Fixtures.enrollment("enr-late"))
                }
                let reopened = try database.openStore()
                defer { reopened.close() }
                try expect(try reopened.device(id: "dev-1") != nil, "the device written before close survives")
                try expectEqual(try reopened.enrollment(id: "enr-late"), nil, "nothing was written after close")
            },
            TrustStoreConformanceCheck("a device is read with its active key of one kind: none, the current one after a replacement, and revoked devices too") {
                database in
                let store = try database.openStore()
                defer { store.close() }
                try Fixtures.enrolledDevice(store, "dev-1")
                try Fixtures.enrolledDevice(store, "dev-2", biometric: false)
                try expect(try store.deviceWithActiveKey(id: "dev-unknown", kind: .device) == nil, "unknown device")
                let plain = try unwrap(try store.deviceWithActiveKey(id: "dev-2", kind: .biometric), "device without a biometric key")
                try expectEqual(plain.device, try store.device(id: "dev-2"), "its device")
                try expect(plain.key == nil, "no biometric key")
                try expectEqual(
                    try store.deviceWithActiveKey(id: "dev-2", kind: .device)?.key, try store.activeKey(deviceId: "dev-2", kind: .device), "device key")
                try store.replaceBiometricKey(deviceId: "dev-1", publicKey: Fixtures.key(9), now: Clock.at(5))
                let replaced = try unwrap(try store.deviceWithActiveKey(id: "dev-1", kind: .biometric), "device 1")
                try expectEqual(replaced.key, try store.activeKey(deviceId: "dev-1", kind: .biometric), "the current biometric key")
                try expectEqual(replaced.key?.publicKey, Fixtures.key(9), "the new key")
                try store.revokeDevice(id: "dev-1", now: Clock.at(6))
                try expectEqual(try store.deviceWithActiveKey(id: "dev-1", kind: .device)?.device.revokedAt, Clock.at(6), "revoked device")
            },
            TrustStoreConformanceCheck("10 concurrent wrong PINs on two stores: the counts are distinct and the limit revokes exactly once") { database in
                let first = try database.openStore()
                let second = try database.openStore()
                defer { first.close(); second.close() }
                try Fixtures.enrolledDevice(first, "dev-1")
                let results = ConcurrentResults<PINFailureOutcome?>()
                let refusals = ConcurrentResults<StoreError.Code>()
                runOnThreads(10) { index in
                    let store = index.isMultiple(of: 2) ? first : second
                    do throws(StoreError) {
                        results.append(try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(Double(index))))
                    } catch {
                        refusals.append(error.code)
                    }
                }
                let outcomes = results.all.compactMap { $0 }
                try expectEqual(outcomes.map(\.failedAttempts).sorted(), [1, 2, 3, 4, 5], "counted failures")
                try expectEqual(outcomes.filter(\.revokedDevice).map(\.failedAttempts), [5], "the revoking failure")
                try expectEqual(refusals.all, Array(repeating: .deviceRevoked, count: 5), "refusals after revocation")
                try expect(try first.device(id: "dev-1")?.isRevoked == true, "the device is revoked")
            },
        ]
    }
}
