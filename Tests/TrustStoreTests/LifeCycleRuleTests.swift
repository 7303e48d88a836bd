import Foundation
import Testing
import TrustStore

@Suite("Life-cycle rules")
struct LifeCycleRuleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("an open record before its expiry is consumable; at expiry, consumed or missing it is refused")
    func consumption() {
        let later = now.addingTimeInterval(1)
        #expect(ConsumptionRule.isConsumable(consumedAt: nil, expiresAt: later, now: now))
        #expect(ConsumptionRule.refusal(.challenge, consumedAt: nil, expiresAt: later, now: now) == nil)
        #expect(ConsumptionRule.refusal(.challenge, consumedAt: nil, expiresAt: now, now: now) == .expired)
        #expect(ConsumptionRule.refusal(.challenge, consumedAt: now, expiresAt: later, now: now) == .alreadyConsumed)
        // Consumed wins over expired: a replay after expiry still reads "already answered".
        #expect(ConsumptionRule.refusal(.enrollment, consumedAt: now, expiresAt: now, now: later) == .alreadyConsumed)
        #expect(ConsumptionRule.refusal(.enrollment, exists: false, consumedAt: nil, expiresAt: later, now: now) == .notFound)
        #expect(throws: StoreError.notFound) { try ConsumptionRule.check(.challenge, consumedAt: nil, expiresAt: nil, now: now) }
        #expect(ConsumptionRule.alreadyConsumed(.enrollment).reason.contains("enrollment"))
    }

    @Test("the failure that reaches the limit revokes; counts below it do not")
    func pinFailures() throws {
        #expect(DeviceRules.pinFailureOutcome(failures: 4, limit: 5) == PINFailureOutcome(failedAttempts: 4, revokedDevice: false))
        #expect(DeviceRules.pinFailureOutcome(failures: 5, limit: 5) == PINFailureOutcome(failedAttempts: 5, revokedDevice: true))
        #expect(DeviceRules.pinFailureOutcome(failures: 1, limit: 1).revokedDevice)
        #expect(throws: StoreError.invalidArgument) { try DeviceRules.validatePINLimit(0) }
        try DeviceRules.validatePINLimit(1)
    }

    @Test("missing and revoked devices refuse changes")
    func activeDevices() throws {
        let device = Device(id: "d", accountId: "a", name: "n", platform: "ios", createdAt: now)
        var revoked = device
        revoked.revokedAt = now
        #expect(try DeviceRules.requireActive(device) == device)
        #expect(throws: StoreError.notFound) { try DeviceRules.requireActive(nil) }
        #expect(throws: StoreError.deviceRevoked) { try DeviceRules.requireActive(revoked) }
        #expect(throws: StoreError.deviceRevoked) { try DeviceRules.requireActive(exists: true, revoked: true) }
        #expect(throws: StoreError.notFound) { try DeviceRules.requireActive(exists: false, revoked: false) }
    }

    @Test("engine codes are engine-neutral text: SQLite's number or PostgreSQL's SQLSTATE")
    func engineCodes() {
        let sqlite = StoreError(.duplicate, reason: "a record with this identifier already exists", engineCode: .sqlite(1555))
        let postgres = StoreError(.duplicate, reason: "a record with this identifier already exists", engineCode: .sqlstate("23505"))
        #expect(sqlite.engineCode?.value == "1555")
        #expect(postgres.engineCode == EngineCode(engine: "postgresql", value: "23505"))
        #expect(sqlite.description.hasSuffix("(SQLite 1555)"))
        #expect(postgres.description.hasSuffix("(SQLSTATE 23505)"))
    }
}
