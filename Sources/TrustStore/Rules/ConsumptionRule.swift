import Foundation

/// The one-time-use rule for enrollments and challenges, stated once for every engine.
///
/// A record is consumed by the first caller at a time `now` before its `expiresAt`; after
/// that every caller gets ``StoreError/Code/alreadyConsumed``. An unconsumed record whose
/// `expiresAt <= now` gives ``StoreError/Code/expired`` and stays as it is; an unknown one
/// gives ``StoreError/Code/notFound``. Engines consume with a conditional write (`WHERE
/// consumed_at IS NULL AND expires_at > now`) under their write lock and, when that write
/// changes nothing, read the row back and let ``refusal(_:consumedAt:expiresAt:now:)``
/// say why.
public enum ConsumptionRule {
    /// Which kind of one-time record.
    public enum Record: String, Sendable {
        /// An enrollment invitation.
        case enrollment
        /// A challenge.
        case challenge
    }

    /// Whether a record with these fields may be consumed at `now`.
    public static func isConsumable(consumedAt: Date?, expiresAt: Date, now: Date) -> Bool {
        consumedAt == nil && now < expiresAt
    }

    /// Why a record cannot be consumed at `now`, or `nil` when it can. `exists == false`
    /// (no row) is ``StoreError/Code/notFound``.
    public static func refusal(
        _ record: Record, exists: Bool = true, consumedAt: Date?, expiresAt: Date, now: Date
    ) -> StoreError? {
        guard exists else { return notFound(record) }
        if consumedAt != nil { return alreadyConsumed(record) }
        if now >= expiresAt { return expired(record) }
        return nil
    }

    /// Throws the refusal for a row that may be missing (`nil`).
    public static func check(_ record: Record, consumedAt: Date?, expiresAt: Date?, now: Date) throws(StoreError) {
        guard let expiresAt else { throw notFound(record) }
        if let refusal = refusal(record, consumedAt: consumedAt, expiresAt: expiresAt, now: now) { throw refusal }
    }

    /// ``StoreError/Code/notFound`` for `record`.
    public static func notFound(_ record: Record) -> StoreError {
        StoreError(.notFound, reason: "no \(record.rawValue) with this identifier")
    }

    /// ``StoreError/Code/alreadyConsumed`` for `record`.
    public static func alreadyConsumed(_ record: Record) -> StoreError {
        switch record {
        case .enrollment: StoreError(.alreadyConsumed, reason: "the enrollment was already used; create a new one")
        case .challenge: StoreError(.alreadyConsumed, reason: "the challenge was already answered; request a new one")
        }
    }

    /// ``StoreError/Code/expired`` for `record`.
    public static func expired(_ record: Record) -> StoreError {
        switch record {
        case .enrollment: StoreError(.expired, reason: "the enrollment expired; create a new one")
        case .challenge: StoreError(.expired, reason: "the challenge expired; request a new one")
        }
    }
}
