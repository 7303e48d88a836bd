import Foundation
import TrustStore

extension TrustStoreConformance {
    static var tokenRedemptionChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck("an access token is redeemed exactly once, also by 20 concurrent callers on two stores; expired ones are purged") {
                database in
                let store = try database.openStore()
                try store.redeemToken(id: "jti-1", expiresAt: Clock.at(300), now: Clock.t0)
                try expectStoreError(.alreadyConsumed, "the same token again") { () throws(StoreError) in
                    try store.redeemToken(id: "jti-1", expiresAt: Clock.at(300), now: Clock.at(1))
                }
                let reopened = try database.openStore()
                try expectStoreError(.alreadyConsumed, "after reopening") { () throws(StoreError) in
                    try reopened.redeemToken(id: "jti-1", expiresAt: Clock.at(300), now: Clock.at(2))
                }
                let other = try database.openStore()
                let outcomes = ConcurrentResults<Bool>()
                runOnThreads(20) { index in
                    do {
                        try (index % 2 == 0 ? store : other).redeemToken(id: "jti-race", expiresAt: Clock.at(300), now: Clock.at(3))
                        outcomes.append(true)
                    } catch {
                        outcomes.append(false)
                    }
                }
                try expectEqual(outcomes.all.filter { $0 }.count, 1, "exactly one redemption")
                try expectEqual(outcomes.all.count, 20, "every caller answered")
                try store.redeemToken(id: "jti-short", expiresAt: Clock.at(10), now: Clock.at(4))
                _ = try store.purgeExpired(before: Clock.at(100))
                try store.redeemToken(id: "jti-short", expiresAt: Clock.at(10), now: Clock.at(101))  // purged: its token no longer verifies anyway
                try expectStoreError(.alreadyConsumed, "kept until its expiry") { () throws(StoreError) in
                    try store.redeemToken(id: "jti-1", expiresAt: Clock.at(300), now: Clock.at(102))
                }
            }
        ]
    }
}
