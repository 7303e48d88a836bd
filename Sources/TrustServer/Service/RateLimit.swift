import Foundation

/// A token-bucket rate: a sustained number of requests per second and a burst.
public struct RateLimit: Sendable, Hashable {
    /// Requests per second allowed on average.
    public var requestsPerSecond: Double
    /// Requests allowed at once after a quiet period (the bucket size).
    public var burst: Int

    /// A rate of `requestsPerSecond` with bursts of `burst`.
    public init(requestsPerSecond: Double, burst: Int) {
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst
    }

    /// The default per client address: 2,000/s, bursts of 4,000 (100/s from one address
    /// passes with a wide margin).
    public static let defaultPerAddress = RateLimit(requestsPerSecond: 2_000, burst: 4_000)
    /// The default per device, on challenge issuance (every approval needs a challenge):
    /// 200/s, bursts of 400.
    public static let defaultPerDevice = RateLimit(requestsPerSecond: 200, burst: 400)
}

/// Token buckets by key (a client address or a device id), thread-safe, with a bounded
/// number of keys.
///
/// When more than ``maximumKeys`` keys are tracked, buckets that have refilled completely
/// (idle keys) are dropped; if none has, all are dropped, which errs on the side of letting
/// requests through rather than growing without bound.
public final class RateLimiter: @unchecked Sendable {
    /// The most keys tracked at once.
    public let maximumKeys: Int
    /// The rate each key gets.
    public let limit: RateLimit

    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let clock: ServiceClock
    private let lock = NSLock()
    private var buckets: [String: Bucket] = [:]

    /// A limiter giving each key `limit`, reading `clock`.
    public init(limit: RateLimit, clock: ServiceClock = .system, maximumKeys: Int = 100_000) {
        self.limit = limit
        self.clock = clock
        self.maximumKeys = maximumKeys
    }

    /// Whether one more request for `key` is within its rate (and takes a token if so).
    public func allows(_ key: String) -> Bool {
        let now = clock.now()
        let capacity = Double(limit.burst)
        return lock.withLock {
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = max(0, now.timeIntervalSince(bucket.updated))
            bucket.tokens = min(capacity, bucket.tokens + elapsed * limit.requestsPerSecond)
            bucket.updated = now
            let allowed = bucket.tokens >= 1
            if allowed { bucket.tokens -= 1 }
            buckets[key] = bucket
            if buckets.count > maximumKeys { evictIdle(now: now, capacity: capacity) }
            return allowed
        }
    }

    private func evictIdle(now: Date, capacity: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + now.timeIntervalSince(bucket.updated) * limit.requestsPerSecond < capacity
        }
        if buckets.count > maximumKeys { buckets.removeAll() }
    }
}
