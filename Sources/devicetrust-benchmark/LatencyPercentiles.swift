/// Percentiles of a set of latencies, by the nearest-rank method: the p-th percentile of
/// n sorted values is the value at rank ⌈p/100 × n⌉ (1-based), so it is always one of the
/// measured values and p100 is the maximum.
struct LatencyPercentiles: Equatable {
    /// The latencies, in seconds, sorted ascending.
    let sorted: [Double]

    init(_ latencies: [Double]) {
        sorted = latencies.sorted()
    }

    var count: Int { sorted.count }

    /// The `percentile`-th percentile (0 < percentile ≤ 100); `nil` when there are no values.
    func value(at percentile: Double) -> Double? {
        precondition(percentile > 0 && percentile <= 100, "a percentile is in (0, 100]")
        guard !sorted.isEmpty else { return nil }
        // Rounded to 9 decimals first, so 99/100 × 100 is rank 99, not 99.00000000000001 → 100.
        let exactRank = ((percentile / 100 * Double(sorted.count)) * 1e9).rounded() / 1e9
        let rank = Int(exactRank.rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var p50: Double? { value(at: 50) }
    var p99: Double? { value(at: 99) }
    var maximum: Double? { sorted.last }
}
