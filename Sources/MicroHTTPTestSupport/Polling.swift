import Foundation

/// Polls `condition` every 10 ms for up to 5 s; whether it became true. For tests that wait
/// for another thread (a server, a background worker) to act.
public func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
