import Foundation
import TrustStore

extension TrustStoreConformance {
    static var receiptRefreshChecks: [TrustStoreConformanceCheck] {
        [
            TrustStoreConformanceCheck(
                "receipts due for a refresh are listed earliest first, revoked devices and later ones left out; outcomes update the record"
            ) { database in
                let store = try database.openStore()
                func enrollAttested(_ id: String, dueIn seconds: TimeInterval?) throws {
                    var registration = Fixtures.registration(id)
                    registration.attestations = [
                        .device: KeyAttestation(
                            kind: .device, platform: "ios", format: "apple-appattest", environment: "production",
                            appAttestKeyId: Data(repeating: 1, count: 32), appAttestPublicKey: Fixtures.key(9), receipt: Data([1, 2, 3]),
                            appAttestAppId: "ABCDE12345.com.example.bank", receiptExpiresAt: Clock.at(90 * 86_400),
                            receiptRefreshAt: seconds.map(Clock.at))
                    ]
                    try store.createEnrollment(Fixtures.enrollment("enr-\(id)"))
                    _ = try store.enrollDevice(registration, consumingEnrollment: "enr-\(id)", now: Clock.t0)
                }
                try enrollAttested("dev-late", dueIn: 300)
                try enrollAttested("dev-early", dueIn: 100)
                try enrollAttested("dev-never", dueIn: nil)
                try enrollAttested("dev-revoked", dueIn: 50)
                try store.revokeDevice(id: "dev-revoked", now: Clock.at(1))
                try Fixtures.enrolledDevice(store, "dev-plain")

                try expectEqual(try store.receiptsDueForRefresh(at: Clock.at(99), limit: 10).map(\.deviceId), [], "nothing due yet")
                try expectEqual(
                    try store.receiptsDueForRefresh(at: Clock.at(300), limit: 10).map(\.deviceId), ["dev-early", "dev-late"], "due, earliest first")
                try expectEqual(try store.receiptsDueForRefresh(at: Clock.at(300), limit: 1).map(\.deviceId), ["dev-early"], "bounded by limit")
                try expectEqual(
                    try store.receiptsDueForRefresh(at: Clock.at(300), limit: 1).first?.attestation.receipt, Data([1, 2, 3]), "with its receipt")

                try store.recordReceiptRefresh(deviceId: "dev-early", .failed, nextRefreshAt: Clock.at(400))
                try store.recordReceiptRefresh(deviceId: "dev-early", .failed, nextRefreshAt: Clock.at(500))
                try expectEqual(try store.keyAttestation(deviceId: "dev-early", kind: .device)?.receiptRefreshFailures, 2, "failures counted")
                try store.recordReceiptRefresh(
                    deviceId: "dev-early", .refreshed(receipt: Data([9]), riskMetric: 7, expiresAt: Clock.at(200 * 86_400)), nextRefreshAt: Clock.at(86_400))
                let refreshed = try database.openStore().keyAttestation(deviceId: "dev-early", kind: .device)
                try expectEqual(refreshed?.receipt, Data([9]), "new receipt")
                try expectEqual(refreshed?.riskMetric, 7, "risk metric")
                try expectEqual(refreshed?.receiptExpiresAt, Clock.at(200 * 86_400), "expiry")
                try expectEqual(refreshed?.receiptRefreshAt, Clock.at(86_400), "next due")
                try expectEqual(refreshed?.receiptRefreshFailures, 0, "failures cleared")
                try store.recordReceiptRefresh(deviceId: "dev-early", .kept, nextRefreshAt: Clock.at(2 * 86_400))
                let kept = try store.keyAttestation(deviceId: "dev-early", kind: .device)
                try expectEqual(kept?.receipt, Data([9]), "304/404 keep the last good receipt")
                try expectEqual(kept?.riskMetric, 7, "and its metric")
                try expectStoreError(.notFound, "a device without App Attest") { () throws(StoreError) in
                    try store.recordReceiptRefresh(deviceId: "dev-plain", .kept, nextRefreshAt: nil)
                }
            }
        ]
    }
}
