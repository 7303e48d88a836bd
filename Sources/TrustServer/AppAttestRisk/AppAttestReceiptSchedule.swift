import Attestation
import Foundation

/// When an App Attest receipt is next refreshed at Apple's `attestationData` endpoint,
/// and how failed refreshes back off.
///
/// A refreshed receipt names the earliest time a refresh gives anything new (its
/// not-before, field 19); an attestation receipt has none, and is first refreshed one day
/// after its creation. After 304 or 404 the last good receipt is kept and asked for again a
/// day later. A failure (429, 5xx, no answer, a receipt that does not verify) is retried
/// after 1 minute, then 2, 4 … up to a day.
public enum AppAttestReceiptSchedule {
    /// The wait after a 304 or 404.
    public static let unchangedInterval: TimeInterval = 86_400
    /// The first wait after a failure.
    public static let firstRetry: TimeInterval = 60
    /// The longest wait after failures.
    public static let longestRetry: TimeInterval = 86_400

    /// When `receipt` may first be refreshed.
    public static func firstRefresh(of receipt: AppAttestReceipt) -> Date {
        receipt.notBefore ?? receipt.creationTime.addingTimeInterval(unchangedInterval)
    }

    /// When to try again after failure number `failures` (1-based) at `now`.
    public static func retry(after failures: Int, now: Date) -> Date {
        let exponent = min(max(failures, 1) - 1, 20)
        return now.addingTimeInterval(min(firstRetry * Double(1 << exponent), longestRetry))
    }
}
