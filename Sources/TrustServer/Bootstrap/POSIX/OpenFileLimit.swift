#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`): each connection is one descriptor.
enum OpenFileLimit {
    /// Descriptors kept for everything but connections: the database, the listen socket,
    /// the epoll and wake-up descriptors, log files.
    static let reserved = 256

    /// Raises the soft limit to the hard limit when `connections` plus ``reserved`` would
    /// not fit under it, and returns how many connections fit (at most `connections`).
    static func raise(toFit connections: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return connections }
        let needed = rlim_t(connections + reserved)
        if limit.rlim_cur < needed, limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(needed, limit.rlim_max)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur < needed else { return connections }
        return max(1, Int(limit.rlim_cur) - reserved)
    }
}
