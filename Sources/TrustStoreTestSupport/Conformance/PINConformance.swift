import Foundation
import TrustStore

extension TrustStoreConformance {
    static var pinChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck("the fifth consecutive PIN failure revokes the device") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                for attempt in 1...4 {
                    let result = try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(Double(attempt)))
                    try expectEqual(result, PINFailureOutcome(failedAttempts: attempt, revokedDevice: false), "failure \(attempt)")
                }
                let fifth = try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(5))
                try expectEqual(fifth, PINFailureOutcome(failedAttempts: 5, revokedDevice: true), "failure 5")
                let device = try unwrap(try store.device(id: "dev-1"), "device")
                try expectEqual(device.revokedAt, Clock.at(5), "revokedAt")
                try expectEqual(device.failedPinAttempts, 5, "stored count")
                try expectStoreError(.deviceRevoked, "a sixth failure") { () throws(StoreError) in
                    try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(6))
                }
                try expectStoreError(.deviceRevoked, "resetting a revoked device") { () throws(StoreError) in
                    try store.resetPINFailures(deviceId: "dev-1")
                }
                try expectEqual(try store.device(id: "dev-1")?.failedPinAttempts, 5, "count after refusals")
                try expectStoreError(.notFound, "unknown device") { () throws(StoreError) in
                    try store.recordPINFailure(deviceId: "dev-unknown", limit: 5, now: Clock.at(6))
                }
                try expectStoreError(.invalidArgument, "a limit of zero") { () throws(StoreError) in
                    try store.recordPINFailure(deviceId: "dev-1", limit: 0, now: Clock.at(6))
                }
            },
            TrustStoreConformanceCheck("a correct PIN resets the count, so only consecutive failures revoke") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                for attempt in 1...4 { _ = try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(Double(attempt))) }
                try store.resetPINFailures(deviceId: "dev-1")
                try expectEqual(try store.device(id: "dev-1")?.failedPinAttempts, 0, "count after reset")
                for attempt in 1...4 {
                    let result = try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(Double(10 + attempt)))
                    try expectEqual(result.revokedDevice, false, "failure \(attempt) after reset")
                }
                try expectEqual(try store.device(id: "dev-1")?.isRevoked, false, "revoked after 8 non-consecutive failures")
                try expectStoreError(.notFound, "resetting an unknown device") { () throws(StoreError) in
                    try store.resetPINFailures(deviceId: "dev-unknown")
                }
            },
            TrustStoreConformanceCheck("setting a PIN hash stores it and resets the count") { database in
                let store = try database.openStore()
                try store.createEnrollment(Fixtures.enrollment("enr-1"))
                _ = try store.enrollDevice(Fixtures.registration("dev-1", pinHash: nil), consumingEnrollment: "enr-1", now: Clock.t0)
                _ = try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(1))
                let hash = Data(repeating: 0x77, count: 48)
                try store.setPINHash(deviceId: "dev-1", pinHash: hash)
                let device = try unwrap(try store.device(id: "dev-1"), "device")
                try expectEqual(device.pinHash, hash, "PIN hash")
                try expectEqual(device.failedPinAttempts, 0, "count")
                try expectStoreError(.notFound, "unknown device") { () throws(StoreError) in
                    try store.setPINHash(deviceId: "dev-unknown", pinHash: hash)
                }
            },
            TrustStoreConformanceCheck("20 concurrent PIN failures count 1…5 once each and then refuse") { database in
                let first = try database.openStore()
                let second = try database.openStore()
                try Fixtures.enrolledDevice(first, "dev-1")
                let counts = ConcurrentResults<Int>()
                let refusals = ConcurrentResults<Outcome>()
                runOnThreads(20) { index in
                    let store = index.isMultiple(of: 2) ? first : second
                    do throws(StoreError) {
                        counts.append(try store.recordPINFailure(deviceId: "dev-1", limit: 5, now: Clock.at(1)).failedAttempts)
                    } catch {
                        refusals.append(.failure(error.code))
                    }
                }
                try expectEqual(counts.all.sorted(), [1, 2, 3, 4, 5], "counts returned")
                try expectEqual(refusals.all, Array(repeating: .failure(.deviceRevoked), count: 15), "refusals")
                try expectEqual(try first.device(id: "dev-1")?.isRevoked, true, "revoked")
            },
        ]
    }
}
