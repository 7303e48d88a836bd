import Foundation
import TrustStore

extension TrustStoreConformance {
    static var enrollmentChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck("an enrollment round-trips and unknown ids read as nil") { database in
                let store = try database.openStore()
                let enrollment = Fixtures.enrollment()
                try store.createEnrollment(enrollment)
                try expectEqual(try store.enrollment(id: enrollment.id), enrollment, "stored enrollment")
                try expectEqual(try store.enrollment(id: "enr-unknown"), nil, "unknown enrollment")
                try expectEqual(enrollment.state, .open, "new enrollment state")
                try expectStoreError(.duplicate, "second enrollment with the same id") { () throws(StoreError) in
                    try store.createEnrollment(Fixtures.enrollment(enrollment.id, account: "acct-2"))
                }
            },
            TrustStoreConformanceCheck("an enrollment is consumed exactly once") { database in
                let store = try database.openStore()
                let enrollment = Fixtures.enrollment()
                try store.createEnrollment(enrollment)
                let consumed = try store.consumeEnrollment(id: enrollment.id, now: Clock.at(10))
                try expectEqual(consumed.consumedAt, Clock.at(10), "consumedAt")
                try expectEqual(consumed.state, .consumed, "state")
                try expectEqual(try store.enrollment(id: enrollment.id)?.state, .consumed, "stored state")
                try expectStoreError(.alreadyConsumed, "second consumption") { () throws(StoreError) in
                    try store.consumeEnrollment(id: enrollment.id, now: Clock.at(11))
                }
                try expectStoreError(.alreadyConsumed, "enrolling a device after consumption") { () throws(StoreError) in
                    try store.enrollDevice(Fixtures.registration(), consumingEnrollment: enrollment.id, now: Clock.at(11))
                }
                try expectEqual(try store.device(id: "dev-1"), nil, "device after a refused enrollment")
                try expectStoreError(.notFound, "unknown enrollment") { () throws(StoreError) in
                    try store.consumeEnrollment(id: "enr-unknown", now: Clock.at(11))
                }
            },
            TrustStoreConformanceCheck("an expired enrollment is refused and left open") { database in
                let store = try database.openStore()
                let enrollment = Fixtures.enrollment(expiresIn: 120)
                try store.createEnrollment(enrollment)
                try expectStoreError(.expired, "consumption at expiresAt") { () throws(StoreError) in
                    try store.consumeEnrollment(id: enrollment.id, now: Clock.at(120))
                }
                try expectStoreError(.expired, "enrollment after expiresAt") { () throws(StoreError) in
                    try store.enrollDevice(Fixtures.registration(), consumingEnrollment: enrollment.id, now: Clock.at(500))
                }
                try expectEqual(try store.enrollment(id: enrollment.id)?.state, .open, "state after refusals")
                try expectEqual(try store.device(id: "dev-1"), nil, "device after refusals")
                _ = try store.consumeEnrollment(id: enrollment.id, now: Clock.at(119))
            },
            TrustStoreConformanceCheck("enrolling a device consumes the enrollment and stores device, keys and PIN hash") { database in
                let store = try database.openStore()
                try store.createEnrollment(Fixtures.enrollment("enr-1", account: "acct-9"))
                let registration = Fixtures.registration("dev-1")
                let device = try store.enrollDevice(registration, consumingEnrollment: "enr-1", now: Clock.at(5))
                let expected = Device(
                    id: "dev-1", accountId: "acct-9", name: registration.name, platform: "ios",
                    createdAt: Clock.at(5), pinHash: registration.pinHash)
                try expectEqual(device, expected, "returned device")
                try expectEqual(try store.device(id: "dev-1"), expected, "stored device")
                try expectEqual(try store.enrollment(id: "enr-1")?.consumedAt, Clock.at(5), "enrollment consumedAt")
                try expectEqual(
                    try store.activeKey(deviceId: "dev-1", kind: .device),
                    DeviceKeyRecord(deviceId: "dev-1", kind: .device, publicKey: Fixtures.key(1), createdAt: Clock.at(5)),
                    "device key")
                try expectEqual(try store.activeKey(deviceId: "dev-1", kind: .biometric)?.publicKey, Fixtures.key(2), "biometric key")

                try store.createEnrollment(Fixtures.enrollment("enr-2"))
                let bare = try store.enrollDevice(
                    Fixtures.registration("dev-2", biometric: false, pinHash: nil), consumingEnrollment: "enr-2", now: Clock.at(6))
                try expectEqual(bare.pinHash, nil, "PIN hash when none was set")
                try expectEqual(try store.activeKey(deviceId: "dev-2", kind: .biometric), nil, "biometric key when none was enrolled")
            },
            TrustStoreConformanceCheck("a refused device registration writes nothing and leaves the enrollment open") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                try store.createEnrollment(Fixtures.enrollment("enr-2"))
                try expectStoreError(.duplicate, "device id that exists") { () throws(StoreError) in
                    try store.enrollDevice(Fixtures.registration("dev-1"), consumingEnrollment: "enr-2", now: Clock.at(1))
                }
                try expectEqual(try store.enrollment(id: "enr-2")?.state, .open, "enrollment after a duplicate device")
                var noDeviceKey = Fixtures.registration("dev-3")
                noDeviceKey.publicKeys[.device] = nil
                try expectStoreError(.invalidArgument, "registration without a device key") { () throws(StoreError) in
                    try store.enrollDevice(noDeviceKey, consumingEnrollment: "enr-2", now: Clock.at(1))
                }
                try expectEqual(try store.enrollment(id: "enr-2")?.state, .open, "enrollment after a missing device key")
                try expectEqual(try store.device(id: "dev-3"), nil, "device without a device key")
            },
            TrustStoreConformanceCheck("20 concurrent enrollments of one invitation create exactly one device") { database in
                let first = try database.openStore()
                let second = try database.openStore()
                try first.createEnrollment(Fixtures.enrollment("enr-1"))
                let results = ConcurrentResults<Outcome>()
                runOnThreads(20) { index in
                    let store = index.isMultiple(of: 2) ? first : second
                    results.append(
                        outcome { () throws(StoreError) in
                            try store.enrollDevice(Fixtures.registration("dev-\(index)"), consumingEnrollment: "enr-1", now: Clock.at(1))
                        })
                }
                try expectEqual(results.all.filter { $0 == .success }.count, 1, "successful enrollments")
                try expectEqual(results.all.filter { $0 == .failure(.alreadyConsumed) }.count, 19, "alreadyConsumed refusals")
                try expectEqual(try first.devices(ofAccount: "acct-1").count, 1, "devices in the account")
            },
        ]
    }
}
