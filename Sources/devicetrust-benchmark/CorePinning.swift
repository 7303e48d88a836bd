#if os(Linux)
import Glibc

/// Pins the calling thread to one CPU core with `sched_setaffinity(2)`.
///
/// Swift's Glibc module does not define `_GNU_SOURCE`, so `sched_getaffinity` and
/// `sched_setaffinity` are not imported; they are looked up by name in the already
/// loaded C library instead. Child processes inherit the mask, so `openssl speed`
/// started afterwards runs on the same core even before `taskset` pins it again.
enum CorePinning {
    private typealias AffinityFunction = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The lowest-numbered core this thread may run on now.
    static func firstAllowedCore() throws(Failure) -> Int {
        let getAffinity = try function(named: "sched_getaffinity")
        var set = cpu_set_t()
        guard getAffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else {
            throw Failure(description: "sched_getaffinity failed: \(String(cString: strerror(errno)))")
        }
        let core = withUnsafeBytes(of: &set.__bits) { words -> Int? in
            let words = words.bindMemory(to: UInt.self)
            for (index, word) in words.enumerated() where word != 0 {
                return index * UInt.bitWidth + word.trailingZeroBitCount
            }
            return nil
        }
        guard let core else { throw Failure(description: "sched_getaffinity returned an empty CPU set") }
        return core
    }

    /// Restricts the calling thread (the main thread here) to `core`, and checks it took.
    static func pinCurrentThread(to core: Int) throws(Failure) {
        let setAffinity = try function(named: "sched_setaffinity")
        var set = cpu_set_t()
        let bitsPerWord = UInt.bitWidth
        withUnsafeMutableBytes(of: &set.__bits) { words in
            let words = words.bindMemory(to: UInt.self)
            precondition(core / bitsPerWord < words.count, "core number beyond cpu_set_t")
            words[core / bitsPerWord] = 1 << UInt(core % bitsPerWord)
        }
        guard setAffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else {
            throw Failure(description: "sched_setaffinity to core \(core) failed: \(String(cString: strerror(errno)))")
        }
        guard try firstAllowedCore() == core else {
            throw Failure(description: "sched_setaffinity to core \(core) did not take effect")
        }
    }

    private static func function(named name: String) throws(Failure) -> AffinityFunction {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else {
            throw Failure(description: "\(name) not found in the C library")
        }
        return unsafeBitCast(symbol, to: AffinityFunction.self)
    }
}
#endif
