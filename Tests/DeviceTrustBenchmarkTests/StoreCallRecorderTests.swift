import Dispatch
import Testing
import TrustStore
@testable import devicetrust_benchmark

/// Specification of the benchmark's store-call counts: exact under concurrent recording.
@Suite("Store call recorder")
struct StoreCallRecorderTests {
    @Test("calls recorded from 8 threads at once are all counted, with their time; kinds never called are left out")
    func concurrentRecording() {
        let recorder = StoreCallRecorder()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<1_000 {
                recorder.record(thread.isMultiple(of: 2) ? .insertChallengeIfDeviceUsable : .consumeChallengeWithDevice, seconds: 0.001)
            }
        }
        let totals = recorder.snapshot
        #expect(Set(totals.keys) == [.insertChallengeIfDeviceUsable, .consumeChallengeWithDevice])
        #expect(totals[.insertChallengeIfDeviceUsable]?.calls == 4_000)
        #expect(totals[.consumeChallengeWithDevice]?.calls == 4_000)
        #expect(abs((totals[.consumeChallengeWithDevice]?.seconds ?? 0) - 4.0) < 1e-6)
    }
}
