import AppPrivacy
import Foundation
import Synchronization
import Testing

/// A sink that keeps every line, for the tests.
final class RecordingSink: SecureLogSink {
    private let lines = Mutex<[(SecureLog.Level, String)]>([])
    func write(_ level: SecureLog.Level, _ text: String) { lines.withLock { $0.append((level, text)) } }
    var texts: [String] { lines.withLock { $0.map(\.1) } }
    var levels: [SecureLog.Level] { lines.withLock { $0.map(\.0) } }
}

@Suite("SecureLog: dynamic values are private unless marked public")
struct SecureLogTests {
    @Test("an interpolated value is <private> by default; public ones and literal text show")
    func privateByDefault() {
        let sink = RecordingSink()
        let log = SecureLog(sink: sink)
        let token = "eyJhbGciOiJFUzI1NiJ9.secret"
        let seconds = 300
        log.info("token \(token) refreshed, expires in \(seconds, privacy: .public) s")
        #expect(sink.texts == ["token <private> refreshed, expires in 300 s"])
        #expect(!sink.texts.joined().contains(token))
    }

    @Test("a Redacted value stays <redacted>, even marked public, in print, dump and Mirror")
    func redacted() {
        let pin = Redacted("246810")
        let sink = RecordingSink()
        SecureLog(sink: sink).error("PIN \(pin, privacy: .public) refused")
        #expect(sink.texts == ["PIN <redacted> refused"])
        #expect("\(pin)" == "<redacted>" && String(reflecting: pin) == "<redacted>")
        var dumped = ""
        dump(pin, to: &dumped)
        #expect(!dumped.contains("246810"))
        #expect(Mirror(reflecting: pin).children.isEmpty)
        #expect(pin.value == "246810", "the value is there for the code that reads it on purpose")
        struct Credentials { let user: String; let pin: Redacted<String> }
        #expect(!String(describing: Credentials(user: "anna", pin: pin)).contains("246810"), "nor inside another value's description")
    }

    @Test("each level reaches the sink as its own level")
    func levels() {
        let sink = RecordingSink()
        let log = SecureLog(sink: sink)
        log.debug("d")
        log.info("i")
        log.notice("n")
        log.error("e")
        log.fault("f")
        #expect(sink.levels == SecureLog.Level.allCases)
    }
}
