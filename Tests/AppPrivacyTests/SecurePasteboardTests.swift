import AppPrivacy
import DeviceEmulator
import Foundation
import Synchronization
import Testing

@Suite("SecurePasteboard: copies stay on the device and expire")
struct SecurePasteboardTests {
    final class Clock: Sendable {
        private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(by seconds: TimeInterval) { time.withLock { $0 += seconds } }
    }

    @Test("a copied code is readable on this device, never on the user's other devices, and gone after its lifetime")
    func localAndExpiring() throws {
        let clock = Clock()
        let pasteboard = EmulatedPasteboard(now: { clock.now })
        try SecurePasteboard(backend: pasteboard, now: { clock.now }).copy("493 812", expiresIn: 60)
        #expect(pasteboard.string == "493 812")
        #expect(pasteboard.universalClipboardString == nil, "localOnly: not sent to Universal Clipboard")
        clock.advance(by: 59)
        #expect(pasteboard.string == "493 812")
        clock.advance(by: 1)
        #expect(pasteboard.string == nil, "expired at 60 s")
    }

    @Test("the plain copy the seeds warn about reaches other devices and never expires")
    func plainCopyLeaks() {
        let clock = Clock()
        let pasteboard = EmulatedPasteboard(now: { clock.now })
        pasteboard.setPlainString("493 812")
        clock.advance(by: 86_400)
        #expect(pasteboard.string == "493 812" && pasteboard.universalClipboardString == "493 812")
    }

    @Test("a lifetime of 0, below 0 or over 10 minutes is refused and nothing is copied", arguments: [0, -1, 601, .infinity] as [TimeInterval])
    func badLifetime(seconds: TimeInterval) {
        let pasteboard = EmulatedPasteboard()
        #expect(throws: SecurePasteboardError.invalidLifetime(seconds)) { try SecurePasteboard(backend: pasteboard).copy("secret", expiresIn: seconds) }
        #expect(pasteboard.string == nil)
    }
}
