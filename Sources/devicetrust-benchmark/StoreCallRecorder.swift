import Foundation
import Synchronization
import TrustStore

/// How many store calls the servers made, and the wall time they spent in them, per kind
/// of call: the benchmark's view of round trips and commit latency, the same for every engine.
///
/// Lock-free (one pair of atomic counters per kind of call, made up front): every handler
/// thread records every store call, and a shared lock there would add contention that
/// `devicetrust serve` does not have to the server CPU the benchmark measures.
final class StoreCallRecorder: Sendable {
    private final class Counters: Sendable {
        let calls = Atomic<Int>(0)
        let nanoseconds = Atomic<Int>(0)
    }

    private let counters: [StoreCall: Counters] = Dictionary(uniqueKeysWithValues: StoreCall.allCases.map { ($0, Counters()) })

    func record(_ call: StoreCall, seconds: Double) {
        guard let counters = counters[call] else { return }
        counters.calls.add(1, ordering: .relaxed)
        counters.nanoseconds.add(Int((seconds * 1e9).rounded()), ordering: .relaxed)
    }

    /// The totals so far (kinds with calls only); subtract two snapshots for one run
    /// (``StoreCallTotals/since(_:_:)``).
    var snapshot: [StoreCall: StoreCallTotals] {
        counters.reduce(into: [:]) { result, entry in
            let calls = entry.value.calls.load(ordering: .relaxed)
            guard calls > 0 else { return }
            result[entry.key] = StoreCallTotals(calls: calls, seconds: Double(entry.value.nanoseconds.load(ordering: .relaxed)) / 1e9)
        }
    }
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
