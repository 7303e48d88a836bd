import Foundation
import Synchronization
import Testing
@testable import MicroHTTP

/// A value shared with jobs.
private final class Shared<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ initial: Value) { value = Mutex(initial) }
}

@Suite("HandlerPool: one queue for every connection")
struct HandlerPoolTests {
    @Test("every queued job runs exactly once")
    func everyJobRunsOnce() {
        let pool = HandlerPool(threads: 1)
        let order = Shared<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 0..<50 {
            let queued = pool.submit(
                {
                    order.value.withLock { $0.append(index) }; done.signal()
                }, whenAccepted: {})
            #expect(queued)
        }
        for _ in 0..<50 { done.wait() }
        pool.stop()
        #expect(order.value.withLock { $0.sorted() } == Array(0..<50))
    }

    @Test("a job waiting for another does not hold the queue: another thread takes it")
    func blockedJobsDoNotStarveTheQueue() {
        let pool = HandlerPool(threads: 1)
        let second = DispatchSemaphore(value: 0)
        let first = DispatchSemaphore(value: 0)
        // The first job waits (as a handler waiting for the disk would) until the second ran.
        let queuedFirst = pool.submit({ if second.wait(timeout: .now() + 10) == .success { first.signal() } }, whenAccepted: {})
        let queuedSecond = pool.submit({ second.signal() }, whenAccepted: {})
        #expect(queuedFirst && queuedSecond)
        #expect(first.wait(timeout: .now() + 10) == .success)
        pool.stop()
    }

    @Test("stop runs every queued job, then refuses new ones")
    func stopDrains() {
        let pool = HandlerPool(threads: 2)
        let ran = Shared(0)
        for _ in 0..<100 {
            _ = pool.submit({ ran.value.withLock { $0 += 1 } }, whenAccepted: {})
        }
        pool.stop()
        #expect(ran.value.withLock { $0 } == 100)
        var called = false
        let queued = pool.submit({}, whenAccepted: { called = true })
        #expect(!queued && !called)
    }
}
