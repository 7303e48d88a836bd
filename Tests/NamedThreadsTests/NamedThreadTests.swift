import Foundation
import NamedThreads
import Synchronization
import Testing

@Suite("NamedThread: the operating system shows the name")
struct NamedThreadTests {
    #if os(Linux)
    /// The name the kernel holds for the calling thread.
    private static func kernelName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func threadsStartedFromANamedThreadCarryTheirOwnNameNotTheirCreators() throws {
        // Foundation's Thread.name misses when the new thread runs before its creator has
        // recorded its handle: started in a burst from a busy thread, some kept "creator".
        let seen = Mutex<[String]>([])
        let done = DispatchGroup()
        let count = 64
        for _ in 0..<count { done.enter() }
        NamedThread.start("creator") {
            for index in 0..<count {
                NamedThread.start("worker-\(index)") {
                    seen.withLock { $0.append(Self.kernelName()) }
                    done.leave()
                }
            }
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        let names = seen.withLock { $0 }
        #expect(Set(names) == Set((0..<count).map { "worker-\($0)" }))
    }

    @Test func theKernelKeepsTheFirst15Bytes() {
        let done = DispatchSemaphore(value: 0)
        let seen = Mutex("")
        NamedThread.start("a-name-longer-than-fifteen") {
            seen.withLock { $0 = Self.kernelName() }
            done.signal()
        }
        done.wait()
        #expect(seen.withLock { $0 } == "a-name-longer-t")
    }
    #endif

    @Test func theCurrentThreadCanBeRenamed() {
        let done = DispatchSemaphore(value: 0)
        let seen = Mutex<String?>(nil)
        NamedThread.start("first") {
            NamedThread.nameCurrentThread("second")
            seen.withLock { $0 = Thread.current.name }
            done.signal()
        }
        done.wait()
        #expect(seen.withLock { $0 } == "second")
    }
}
