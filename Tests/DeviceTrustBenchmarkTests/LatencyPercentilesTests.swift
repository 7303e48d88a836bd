import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of `LatencyPercentiles`: nearest-rank percentiles, always a measured value.
@Suite("latency percentiles")
struct LatencyPercentilesTests {
    @Test("no latencies: no percentiles")
    func empty() {
        let none = LatencyPercentiles([])
        #expect(none.count == 0)
        #expect(none.p50 == nil)
        #expect(none.p99 == nil)
        #expect(none.maximum == nil)
    }

    @Test("one latency is every percentile")
    func single() {
        let one = LatencyPercentiles([0.012])
        #expect(one.p50 == 0.012)
        #expect(one.p99 == 0.012)
        #expect(one.value(at: 0.1) == 0.012)
        #expect(one.value(at: 100) == 0.012)
    }

    @Test("1…100: p50 is 50, p99 is 99, p100 is 100, p1 is 1 (nearest rank, no interpolation)")
    func hundred() {
        let values = LatencyPercentiles((1...100).map(Double.init).shuffled())
        #expect(values.p50 == 50)
        #expect(values.p99 == 99)
        #expect(values.value(at: 100) == 100)
        #expect(values.value(at: 1) == 1)
        #expect(values.value(at: 99.5) == 100)
        #expect(values.maximum == 100)
    }

    @Test("the input order does not matter")
    func unsorted() {
        let values = LatencyPercentiles([0.5, 0.1, 0.3, 0.2, 0.4])
        #expect(values.sorted == [0.1, 0.2, 0.3, 0.4, 0.5])
        #expect(values.p50 == 0.3)  // rank ⌈2.5⌉ = 3
        #expect(values.p99 == 0.5)  // rank ⌈4.95⌉ = 5
    }

    @Test("an even count: p50 is the lower middle value, not an average")
    func evenCount() {
        let values = LatencyPercentiles([4, 1, 3, 2])
        #expect(values.p50 == 2)  // rank ⌈2⌉ = 2
        #expect(values.value(at: 50.1) == 3)
    }

    @Test("p99 of 3000 latencies is the 2970th smallest: 30 slower ones are allowed")
    func threeThousand() {
        var latencies = [Double](repeating: 0.010, count: 2970)
        latencies += [Double](repeating: 0.500, count: 30)
        let values = LatencyPercentiles(latencies.shuffled())
        #expect(values.p99 == 0.010)
        #expect(LatencyPercentiles(latencies + [0.500]).p99 == 0.500)  // 31 slow of 3001: rank 2971 is slow
    }

    @Test("p99 of fewer than 100 latencies is the maximum", arguments: [2, 10, 50, 99, 100])
    func smallSamples(count: Int) {
        let values = LatencyPercentiles((1...count).map(Double.init))
        #expect(values.p99 == Double(count == 100 ? 99 : count))
    }

    @Test("duplicates are kept")
    func duplicates() {
        let values = LatencyPercentiles([2, 2, 2, 1])
        #expect(values.count == 4)
        #expect(values.p50 == 2)
        #expect(values.value(at: 25) == 1)
    }
}
