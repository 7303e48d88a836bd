import Foundation
import TrustStore

/// Deletes what has expired from the store while the server runs: enrollments and
/// challenges past their expiry, and redeemed tokens past their token's expiry
/// (``TrustStorage/purgeExpired(before:)``), so those tables hold only what is alive.
///
/// Records are kept for ``retention`` after they expire, so a late answer to a challenge
/// still gets `challenge_expired` rather than `not_found` for a while. A redeemed token
/// can be purged once expired: its token no longer verifies, so it cannot be redeemed
/// again. A failed purge is logged and tried again at the next round.
public final class ExpiredRecordPurger: Sendable {
    /// How long a record stays after its expiry.
    public let retention: TimeInterval
    /// Seconds between purges.
    public let interval: TimeInterval
    private let service: DeviceTrustService
    private let worker = PeriodicWorker()

    /// A purger for `service`'s store, every `interval` seconds (default 60), keeping
    /// records `retention` seconds past their expiry (default one hour).
    public init(service: DeviceTrustService, interval: TimeInterval = 60, retention: TimeInterval = 3600) {
        self.service = service
        self.interval = interval
        self.retention = retention
    }

    /// Purges once: every record that expired more than ``retention`` ago.
    /// - Returns: how many records were deleted.
    /// - Throws: ``ServiceFailure`` when the store fails.
    @discardableResult
    public func purgeOnce() throws -> Int {
        let cutoff = service.clock.now().addingTimeInterval(-retention)
        return try storage("expired records") { () throws(StoreError) in try service.store.purgeExpired(before: cutoff) }
    }

    /// Purges at once and then every ``interval`` on a thread of its own; idempotent.
    public func start() {
        worker.start(name: "dt-purge", every: interval) { [self] in
            do { try purgeOnce() } catch { service.log("purging expired records failed (retried in \(Int(interval)) s): \(error)") }
        }
    }

    /// Stops the purges and waits for a running one to end.
    public func stop() { worker.stop() }
}
