@testable import AppPrivacy
import Foundation
import Synchronization
import Testing

@Suite("NotificationObservations: notification names become events until the observations are released")
struct NotificationObservationsTests {
    final class Received: Sendable {
        private let events = Mutex<[String]>([])
        var all: [String] { events.withLock { $0 } }
        func append(_ event: String) { events.withLock { $0.append(event) } }
    }

    let resign = Notification.Name("test.resign")
    let active = Notification.Name("test.active")

    @Test("each observed name is delivered as its event, from the given object only, and nothing arrives after release")
    func deliveryAndRelease() {
        let center = NotificationCenter()
        let sender = NSObject()
        let received = Received()
        var observations: NotificationObservations? = NotificationObservations(
            center: center, events: [(resign, "resign"), (active, "active")], object: sender
        ) { received.append($0) }
        center.post(name: resign, object: sender)
        center.post(name: active, object: NSObject())
        center.post(name: Notification.Name("test.other"), object: sender)
        center.post(name: active, object: sender)
        #expect(received.all == ["resign", "active"])
        #expect(observations != nil)
        observations = nil
        center.post(name: resign, object: sender)
        #expect(received.all == ["resign", "active"])
    }

    @Test("with no object, a name is delivered whoever posts it")
    func anySender() {
        let center = NotificationCenter()
        let received = Received()
        let observations = NotificationObservations(center: center, events: [(resign, "resign")], object: nil) { received.append($0) }
        center.post(name: resign, object: NSObject())
        center.post(name: resign, object: nil)
        #expect(received.all == ["resign", "resign"])
        withExtendedLifetime(observations) {}
    }
}
