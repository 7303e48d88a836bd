import Foundation
import Testing
import MicroHTTPTestSupport
@testable import TrustServer

@Suite("Expired records are purged while the server runs")
struct ExpiredRecordPurgerTests {
    @Test("a purge deletes enrollments an hour past their expiry and keeps younger ones")
    func purgeOnce() throws {
        let fixture = try ServiceFixture()
        let purger = ExpiredRecordPurger(service: fixture.service)
        let old = try fixture.service.createEnrollment(accountId: "acct-old")
        fixture.clock.advance(by: 3600)
        let young = try fixture.service.createEnrollment(accountId: "acct-young")
        // The old enrollment expired (120 s) 3480 s ago, within the hour kept: nothing goes.
        #expect(try purger.purgeOnce() == 0)
        fixture.clock.advance(by: 200)
        #expect(try purger.purgeOnce() == 1)
        #expect(try fixture.store.enrollment(id: old.enrollmentId) == nil)
        #expect(try fixture.store.enrollment(id: young.enrollmentId) != nil)
        #expect(try purger.purgeOnce() == 0)
    }

    @Test("started, it purges at once and again every interval; stop waits for it")
    func periodic() throws {
        let fixture = try ServiceFixture()
        let purger = ExpiredRecordPurger(service: fixture.service, interval: 0.05, retention: 0)
        let first = try fixture.service.createEnrollment(accountId: "acct-1")
        fixture.clock.advance(by: 121)
        purger.start()
        #expect(waitUntil { (try? fixture.store.enrollment(id: first.enrollmentId)) == nil })
        let second = try fixture.service.createEnrollment(accountId: "acct-2")
        fixture.clock.advance(by: 121)
        #expect(waitUntil { (try? fixture.store.enrollment(id: second.enrollmentId)) == nil })
        purger.stop()
        let third = try fixture.service.createEnrollment(accountId: "acct-3")
        fixture.clock.advance(by: 121)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try fixture.store.enrollment(id: third.enrollmentId) != nil, "no purge after stop")
    }
}
