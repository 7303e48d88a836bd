import Foundation
import TrustStore

extension TrustStoreConformance {
    static var challengeChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck("a challenge round-trips; duplicates and unknown devices are refused") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                let unlock = Fixtures.challenge("ch-1")
                let action = Fixtures.challenge("ch-2", kind: .device, action: String(repeating: "ab", count: 32))
                try store.insertChallenge(unlock)
                try store.insertChallenge(action)
                try expectEqual(try store.challenge(id: "ch-1"), unlock, "unlock challenge")
                try expectEqual(try store.challenge(id: "ch-2"), action, "action challenge")
                try expectEqual(try store.challenge(id: "ch-unknown"), nil, "unknown challenge")
                try expectStoreError(.duplicate, "duplicate id") { () throws(StoreError) in
                    try store.insertChallenge(Fixtures.challenge("ch-1"))
                }
                try expectStoreError(.notFound, "unknown device") { () throws(StoreError) in
                    try store.insertChallenge(Fixtures.challenge("ch-3", device: "dev-unknown"))
                }
            },
            TrustStoreConformanceCheck("a conditional challenge is stored only for a usable device of its account, key and PIN") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                try Fixtures.enrolledDevice(store, "dev-nobio", biometric: false)
                try store.createEnrollment(Fixtures.enrollment("enr-nopin"))
                _ = try store.enrollDevice(Fixtures.registration("dev-nopin", pinHash: nil), consumingEnrollment: "enr-nopin", now: Clock.t0)
                try Fixtures.enrolledDevice(store, "dev-revoked")
                try store.revokeDevice(id: "dev-revoked", now: Clock.at(1))

                let usable = Fixtures.challenge("ch-1")
                try expectEqual(try store.insertChallengeIfDeviceUsable(usable), true, "usable device, biometric key")
                try expectEqual(try store.challenge(id: "ch-1"), usable, "stored as given")
                try expectEqual(
                    try store.insertChallengeIfDeviceUsable(Fixtures.challenge("ch-2", kind: .device)), true, "usable device, device key with a PIN")
                let refused: [(Challenge, String)] = [
                    (Fixtures.challenge("ch-r1", device: "dev-unknown"), "unknown device"),
                    (Fixtures.challenge("ch-r2", account: "acct-other"), "another account"),
                    (Fixtures.challenge("ch-r3", device: "dev-revoked"), "revoked device"),
                    (Fixtures.challenge("ch-r4", device: "dev-nobio"), "no biometric key"),
                    (Fixtures.challenge("ch-r5", device: "dev-nopin", kind: .device), "device key without a PIN"),
                ]
                for (challenge, why) in refused {
                    try expectEqual(try store.insertChallengeIfDeviceUsable(challenge), false, why)
                    try expectEqual(try store.challenge(id: challenge.id), nil, "nothing written: \(why)")
                }
                try expectEqual(
                    try store.insertChallengeIfDeviceUsable(Fixtures.challenge("ch-3", device: "dev-nopin")), true, "biometric key without a PIN")
                try store.replaceBiometricKey(deviceId: "dev-1", publicKey: Fixtures.key(7), now: Clock.at(2))
                try expectEqual(try store.insertChallengeIfDeviceUsable(Fixtures.challenge("ch-4")), true, "replaced key: the new one is active")
                try expectStoreError(.duplicate, "duplicate id") { () throws(StoreError) in
                    _ = try store.insertChallengeIfDeviceUsable(Fixtures.challenge("ch-1"))
                }
            },
            TrustStoreConformanceCheck("consuming with an App Attest counter raises it in the same transaction, only upwards") { database in
                let store = try database.openStore()
                var registration = Fixtures.registration("dev-1")
                registration.attestations = [
                    .device: KeyAttestation(
                        kind: .device, platform: "ios", format: "apple-appattest", environment: "production",
                        appAttestKeyId: Data(repeating: 1, count: 32), appAttestPublicKey: Fixtures.key(9), signCount: 0, receipt: Data([1]))
                ]
                try store.createEnrollment(Fixtures.enrollment("enr-1"))
                _ = try store.enrollDevice(registration, consumingEnrollment: "enr-1", now: Clock.t0)
                try Fixtures.enrolledDevice(store, "dev-plain")
                for id in ["ch-1", "ch-2", "ch-3"] { try store.insertChallenge(Fixtures.challenge(id)) }
                try store.insertChallenge(Fixtures.challenge("ch-plain", device: "dev-plain"))

                try expectEqual(try store.consumeChallenge(id: "ch-1", now: Clock.at(1), appAttestCounter: 3).consumedAt, Clock.at(1), "first consumption")
                try expectEqual(try store.keyAttestation(deviceId: "dev-1", kind: .device)?.signCount, 3, "raised counter")
                try expectStoreError(.counterNotIncreasing, "the same counter again") { () throws(StoreError) in
                    _ = try store.consumeChallenge(id: "ch-2", now: Clock.at(2), appAttestCounter: 3)
                }
                try expectEqual(try store.challenge(id: "ch-2")?.consumedAt, Clock.at(2), "consumed although the counter did not grow")
                try expectEqual(try store.keyAttestation(deviceId: "dev-1", kind: .device)?.signCount, 3, "counter unchanged")
                try expectStoreError(.alreadyConsumed, "a consumed challenge") { () throws(StoreError) in
                    _ = try store.consumeChallenge(id: "ch-1", now: Clock.at(3), appAttestCounter: 9)
                }
                try expectEqual(try store.keyAttestation(deviceId: "dev-1", kind: .device)?.signCount, 3, "counter untouched by a refused consumption")
                _ = try store.consumeChallenge(id: "ch-3", now: Clock.at(4), appAttestCounter: UInt32.max)
                try expectEqual(
                    try database.openStore().keyAttestation(deviceId: "dev-1", kind: .device)?.signCount, UInt32.max, "largest counter, after reopening")
                try expectStoreError(.counterNotIncreasing, "a device without App Attest") { () throws(StoreError) in
                    _ = try store.consumeChallenge(id: "ch-plain", now: Clock.at(5), appAttestCounter: 1)
                }
                try expectEqual(try store.keyAttestation(deviceId: "dev-plain", kind: .device), nil, "no record")
            },
            TrustStoreConformanceCheck("a challenge is consumed once; expired and unknown ones are refused") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                try store.insertChallenge(Fixtures.challenge("ch-1", expiresIn: 120))
                let consumed = try store.consumeChallenge(id: "ch-1", now: Clock.at(30))
                try expectEqual(consumed.consumedAt, Clock.at(30), "consumedAt")
                try expectEqual(try store.challenge(id: "ch-1")?.consumedAt, Clock.at(30), "stored consumedAt")
                try expectStoreError(.alreadyConsumed, "second consumption") { () throws(StoreError) in
                    try store.consumeChallenge(id: "ch-1", now: Clock.at(31))
                }
                try store.insertChallenge(Fixtures.challenge("ch-2", expiresIn: 120))
                try expectStoreError(.expired, "consumption at expiresAt") { () throws(StoreError) in
                    try store.consumeChallenge(id: "ch-2", now: Clock.at(120))
                }
                try expectEqual(try store.challenge(id: "ch-2")?.isConsumed, false, "expired challenge left open")
                try expectStoreError(.notFound, "unknown challenge") { () throws(StoreError) in
                    try store.consumeChallenge(id: "ch-unknown", now: Clock.at(1))
                }
            },
            TrustStoreConformanceCheck("consuming with the device returns the challenge, its device and its active key as they are after the consumption") {
                database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                try Fixtures.enrolledDevice(store, "dev-2", biometric: false)
                for id in ["ch-1", "ch-2", "ch-3", "ch-4"] { try store.insertChallenge(Fixtures.challenge(id)) }
                try store.insertChallenge(Fixtures.challenge("ch-device", kind: .device))
                try store.insertChallenge(Fixtures.challenge("ch-nobio", device: "dev-2"))
                try store.insertChallenge(Fixtures.challenge("ch-short", expiresIn: 10))

                let first = try store.consumeChallengeWithDevice(id: "ch-1", now: Clock.at(1))
                try expectEqual(first.challenge, try store.challenge(id: "ch-1"), "the stored, consumed challenge")
                try expectEqual(first.challenge.consumedAt, Clock.at(1), "consumedAt")
                try expectEqual(first.device, try store.device(id: "dev-1"), "the device")
                try expectEqual(first.key, try store.activeKey(deviceId: "dev-1", kind: .biometric), "the active biometric key")
                try expectEqual(first.key?.publicKey, Fixtures.key(2), "biometric public key")
                try expectEqual(
                    try store.consumeChallengeWithDevice(id: "ch-device", now: Clock.at(2)).key?.publicKey, Fixtures.key(1),
                    "the device key for a device-key challenge")
                let missing = try store.consumeChallengeWithDevice(id: "ch-nobio", now: Clock.at(3))
                try expectEqual(missing.device?.id, "dev-2", "a device without that key is still returned")
                try expectEqual(missing.key, nil, "no key of that kind")

                try store.replaceBiometricKey(deviceId: "dev-1", publicKey: Fixtures.key(7), now: Clock.at(4))
                try expectEqual(
                    try store.consumeChallengeWithDevice(id: "ch-2", now: Clock.at(5)).key?.publicKey, Fixtures.key(7),
                    "the replacement key, not the replaced one")
                try store.revokeDevice(id: "dev-1", now: Clock.at(6))
                let revoked = try store.consumeChallengeWithDevice(id: "ch-3", now: Clock.at(7))
                try expectEqual(revoked.device?.revokedAt, Clock.at(6), "a revocation made before is seen")
                try expectEqual(try store.challenge(id: "ch-3")?.consumedAt, Clock.at(7), "a revoked device's challenge is still used up")

                try expectStoreError(.alreadyConsumed, "second consumption") { () throws(StoreError) in
                    _ = try store.consumeChallengeWithDevice(id: "ch-1", now: Clock.at(8))
                }
                try expectStoreError(.expired, "consumption at expiresAt") { () throws(StoreError) in
                    _ = try store.consumeChallengeWithDevice(id: "ch-short", now: Clock.at(10))
                }
                try expectEqual(try store.challenge(id: "ch-short")?.isConsumed, false, "expired challenge left open")
                try expectStoreError(.notFound, "unknown challenge") { () throws(StoreError) in
                    _ = try store.consumeChallengeWithDevice(id: "ch-unknown", now: Clock.at(1))
                }
                let results = ConcurrentResults<Outcome>()
                let second = try database.openStore()
                runOnThreads(20) { index in
                    let caller = index.isMultiple(of: 2) ? store : second
                    results.append(outcome { () throws(StoreError) in _ = try caller.consumeChallengeWithDevice(id: "ch-4", now: Clock.at(9)) })
                }
                try expectEqual(results.all.filter { $0 == .success }.count, 1, "successful concurrent consumptions")
                try expectEqual(results.all.filter { $0 == .failure(.alreadyConsumed) }.count, 19, "alreadyConsumed refusals")
            },
            TrustStoreConformanceCheck("50 concurrent consumers of one challenge: exactly one succeeds") { database in
                let first = try database.openStore()
                let second = try database.openStore()
                try Fixtures.enrolledDevice(first, "dev-1")
                try first.insertChallenge(Fixtures.challenge("ch-1"))
                let results = ConcurrentResults<Outcome>()
                runOnThreads(50) { index in
                    let store = index.isMultiple(of: 2) ? first : second
                    results.append(outcome { () throws(StoreError) in try store.consumeChallenge(id: "ch-1", now: Clock.at(1)) })
                }
                try expectEqual(results.all.filter { $0 == .success }.count, 1, "successful consumptions")
                try expectEqual(results.all.filter { $0 == .failure(.alreadyConsumed) }.count, 49, "alreadyConsumed refusals")
            },
            TrustStoreConformanceCheck("purging removes only what expired before the cutoff") { database in
                let store = try database.openStore()
                try Fixtures.enrolledDevice(store, "dev-1")
                try store.insertChallenge(Fixtures.challenge("ch-old", expiresIn: 60))
                try store.insertChallenge(Fixtures.challenge("ch-new", expiresIn: 600))
                try store.createEnrollment(Fixtures.enrollment("enr-old", expiresIn: 60))
                try store.createEnrollment(Fixtures.enrollment("enr-new", expiresIn: 600))
                _ = try store.consumeChallenge(id: "ch-old", now: Clock.at(1))
                try expectEqual(try store.purgeExpired(before: Clock.at(300)), 3, "rows purged (two enrollments and one challenge)")
                try expectEqual(try store.challenge(id: "ch-old"), nil, "old challenge")
                try expect(try store.challenge(id: "ch-new") != nil, "the live challenge survives")
                try expect(try store.enrollment(id: "enr-new") != nil, "the live enrollment survives")
                try expect(try store.device(id: "dev-1") != nil, "the device survives its enrollment's purge")
            },
        ]
    }
}
