import Foundation

/// `NotificationCenter` observations that translate notification names into events and are
/// removed when this object is released: the one place the UIKit adapters of this folder
/// talk to `NotificationCenter`.
///
/// The handler runs synchronously on the thread that posts (no queue is given), which for
/// UIKit's life-cycle, capture and screenshot notifications is the main thread.
final class NotificationObservations: @unchecked Sendable {
    // @unchecked: both stored properties are immutable after `init`, and `NotificationCenter`
    // is thread-safe; the tokens are only handed back to it in `deinit`.
    private let center: NotificationCenter
    private let tokens: [any NSObjectProtocol]

    /// Observes every name of `events` posted by `object` (any sender when `nil`) and calls
    /// `handler` with the event paired with that name.
    init<Event: Sendable>(
        center: NotificationCenter = .default, events: [(Notification.Name, Event)], object: AnyObject?,
        handler: @escaping @Sendable (Event) -> Void
    ) {
        self.center = center
        tokens = events.map { name, event in
            center.addObserver(forName: name, object: object, queue: nil) { _ in handler(event) }
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }
}
