import Foundation
import TrustStore

/// How many store calls the servers made, and the wall time they spent in them, per kind
/// of call: the benchmark's view of round trips and commit latency, the same for every engine.
final class StoreCallRecorder: @unchecked Sendable {
    // @unchecked: `totals` is touched only with `lock` held.
    private let lock = NSLock()
    private var totals: [StoreCall: StoreCallTotals] = [:]

    func record(_ call: StoreCall, seconds: Double) {
        lock.withLock { totals[call, default: StoreCallTotals()].add(seconds) }
    }

    /// The totals so far; subtract two snapshots for one run (``StoreCallTotals/since(_:)``).
    var snapshot: [StoreCall: StoreCallTotals] { lock.withLock { totals } }
}

/// The calls a store answers: ``StoreOperation``, as the benchmark reports them.
typealias StoreCall = StoreOperation

/// A count of calls and their wall-clock seconds.
struct StoreCallTotals: Equatable {
    var calls = 0
    var seconds = 0.0

    mutating func add(_ callSeconds: Double) {
        calls += 1
        seconds += callSeconds
    }

    /// Per kind of call: `after` minus `before`, kinds with no calls left out.
    static func since(_ before: [StoreCall: StoreCallTotals], _ after: [StoreCall: StoreCallTotals]) -> [StoreCall: StoreCallTotals] {
        after.reduce(into: [:]) { result, entry in
            let earlier = before[entry.key] ?? StoreCallTotals()
            let calls = entry.value.calls - earlier.calls
            if calls > 0 { result[entry.key] = StoreCallTotals(calls: calls, seconds: entry.value.seconds - earlier.seconds) }
        }
    }
}
