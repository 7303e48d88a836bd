import DeviceBinding
import DeviceBindingClient
import Foundation
import SecureStorage
import Testing

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    var read: @Sendable () -> Date { { [self] in now } }
}

@Suite("Session: the token in memory, and when it is dropped")
struct SessionTests {
    let token = TokenResponse(accessToken: "header.claims.signature", expiresIn: 300)

    @Test("59 s in the background keeps the token")
    func shortBackgroundKeeps() async {
        let clock = ManualClock()
        let session = Session(clock: clock.read)
        await session.store(token)
        await session.appDidEnterBackground()
        clock.advance(by: 59)
        await session.appWillEnterForeground()
        #expect(await session.currentToken == token)
    }

    @Test("exactly 60 s keeps, 61 s locks")
    func longBackgroundLocks() async {
        let clock = ManualClock()
        let session = Session(clock: clock.read)
        await session.store(token)
        await session.appDidEnterBackground()
        clock.advance(by: 60)
        await session.appWillEnterForeground()
        #expect(await session.currentToken == token)

        await session.appDidEnterBackground()
        clock.advance(by: 61)
        await session.appWillEnterForeground()
        #expect(await session.currentToken == nil)
        #expect(await session.isLocked)
    }

    @Test("background time does not add up across separate short trips")
    func separateTripsDoNotAccumulate() async {
        let clock = ManualClock()
        let session = Session(clock: clock.read)
        await session.store(token)
        for _ in 0..<3 {
            await session.appDidEnterBackground()
            clock.advance(by: 40)
            await session.appWillEnterForeground()
        }
        #expect(await session.currentToken == token)
    }

    @Test("the token is gone at expiresIn, kept just before")
    func expiry() async {
        let clock = ManualClock()
        let session = Session(clock: clock.read)
        await session.store(TokenResponse(accessToken: "t", expiresIn: 120))
        clock.advance(by: 119)
        #expect(await session.currentToken != nil)
        clock.advance(by: 1)
        #expect(await session.currentToken == nil)
    }

    @Test("a new Session (a process restart) starts locked")
    func restartIsLocked() async {
        let clock = ManualClock()
        let first = Session(clock: clock.read)
        await first.store(token)
        #expect(await first.currentToken != nil)
        let afterRestart = Session(clock: clock.read)
        #expect(await afterRestart.currentToken == nil)
        #expect(await afterRestart.isLocked)
    }

    @Test("lock() drops the token; storing a new one unlocks")
    func explicitLock() async {
        let session = Session()
        await session.store(token)
        await session.lock()
        #expect(await session.currentToken == nil)
        await session.store(token)
        #expect(await session.currentToken == token)
    }
}
