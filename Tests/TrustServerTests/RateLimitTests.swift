import CommandKit
import DeviceBinding
import Foundation
import Testing
@testable import TrustServer

@Suite("Rate limits")
struct RateLimitTests {
    @Test("a bucket allows its burst, then its rate; keys are independent")
    func tokenBucket() {
        let clock = TestClock()
        let limiter = RateLimiter(limit: RateLimit(requestsPerSecond: 1, burst: 3), clock: clock.serviceClock)
        #expect((0..<3).allSatisfy { _ in limiter.allows("a") })
        #expect(!limiter.allows("a"))
        #expect(limiter.allows("b"))
        clock.advance(by: 1)
        #expect(limiter.allows("a"))
        #expect(!limiter.allows("a"))
    }

    @Test("the number of tracked keys stays bounded")
    func boundedKeys() {
        let clock = TestClock()
        let limiter = RateLimiter(limit: RateLimit(requestsPerSecond: 1, burst: 1), clock: clock.serviceClock, maximumKeys: 10)
        for index in 0..<100 { #expect(limiter.allows("key-\(index)")) }
    }

    @Test("challenges per device are limited: rate_limited")
    func perDevice() throws {
        let fixture = try ServiceFixture(configuration: DeviceTrustConfiguration(perDeviceRateLimit: RateLimit(requestsPerSecond: 1, burst: 2)))
        var phone = TestPhone()
        try fixture.enroll(&phone)
        _ = try fixture.challenge(phone, key: .biometric)
        _ = try fixture.challenge(phone, key: .biometric)
        expectProblem(.rateLimited) { _ = try fixture.challenge(phone, key: .biometric) }
        fixture.clock.advance(by: 1)
        _ = try fixture.challenge(phone, key: .biometric)
    }

    @Test("requests per client address are limited over HTTP: 429 rate_limited")
    func perAddress() throws {
        let running = try RunningServer(perAddressRateLimit: RateLimit(requestsPerSecond: 0.001, burst: 2))
        #expect(try running.send("GET", "/healthz", String?.none).status == 200)
        #expect(try running.send("GET", "/healthz", String?.none).status == 200)
        let limited = try running.send("GET", "/healthz", String?.none)
        #expect(limited.status == 429)
        #expect(limited.problemCode == "rate_limited")
        #expect(limited.header("Retry-After") == "1")
    }

    @Test("the defaults let 100 requests in a row from one address through")
    func generousDefaults() throws {
        let running = try RunningServer()
        for _ in 0..<100 {
            #expect(try running.send("GET", "/healthz", String?.none).status == 200)
        }
    }

    @Test("rate options parse into limits with bursts of twice the rate")
    func rateOptions() throws {
        let configuration = try ServeCommand.parse(["--rate-limit-per-address", "50", "--rate-limit-per-device=5"]).configuration
        #expect(configuration.perAddressRateLimit == RateLimit(requestsPerSecond: 50, burst: 100))
        #expect(configuration.service.perDeviceRateLimit == RateLimit(requestsPerSecond: 5, burst: 10))
        #expect(throws: UsageError.self) { try ServeCommand.parse(["--rate-limit-per-device", "0"]) }
    }
}
