import AppPrivacy
import SecureStorage
import Foundation

/// An emulated general pasteboard, with the two options that matter for secrets:
/// `localOnly` items never reach the user's other devices (Universal Clipboard), and an
/// item past its expiration date is gone for every reader.
///
/// The clock is injectable, so tests can step past an expiry.
public final class EmulatedPasteboard: PasteboardBackend, @unchecked Sendable {
    private struct Item {
        let text: String
        let localOnly: Bool
        let expiration: Date?
    }

    private let clock: @Sendable () -> Date
    private let item = Locked<Item?>(nil)

    /// An empty pasteboard reading the time from `now`.
    public init(now: @escaping @Sendable () -> Date = Date.init) { clock = now }

    public func setText(_ text: String, localOnly: Bool, expiration: Date) {
        item.withLock { $0 = Item(text: text, localOnly: localOnly, expiration: expiration) }
    }

    /// What an app on this device reads (`UIPasteboard.general.string`): `nil` once expired.
    public var string: String? { current?.text }

    /// What the user's other devices receive through Universal Clipboard: never a
    /// `localOnly` item, never an expired one.
    public var universalClipboardString: String? {
        guard let current, !current.localOnly else { return nil }
        return current.text
    }

    /// Copies `text` as an app that sets no options would (`UIPasteboard.general.string = text`).
    public func setPlainString(_ text: String) {
        item.withLock { $0 = Item(text: text, localOnly: false, expiration: nil) }
    }

    private var current: Item? {
        let now = clock()
        return item.withLock { item in
            if let expiration = item?.expiration, expiration <= now { item = nil }
            return item
        }
    }
}
