import Foundation
#if canImport(UIKit)
import UIKit
import UniformTypeIdentifiers
#endif

/// Copies a secret (a one-time code, an IBAN, a recovery phrase) so that it stays on this
/// device and disappears soon: `localOnly` (never to Universal Clipboard on the user's
/// other devices) and an expiration date, as seed 000 asks, on every copy.
///
/// ```swift
/// try SecurePasteboard().copy(code, expiresIn: 60)
/// ```
public struct SecurePasteboard: Sendable {
    /// The longest lifetime a copy may ask for: 10 minutes.
    public static let maximumLifetime: TimeInterval = 600

    private let backend: any PasteboardBackend
    private let now: @Sendable () -> Date

    #if canImport(UIKit)
    /// The general pasteboard.
    public init() { self.init(backend: SystemPasteboard()) }
    #endif

    /// A pasteboard over `backend` (an emulated one in tests), reading the time from `now`.
    public init(backend: any PasteboardBackend, now: @escaping @Sendable () -> Date = Date.init) {
        self.backend = backend
        self.now = now
    }

    /// Puts `text` on the pasteboard for `lifetime` seconds (60 by default), local only.
    /// - Throws: ``SecurePasteboardError/invalidLifetime`` unless `lifetime` is more than 0
    ///   and at most ``maximumLifetime``; nothing is copied then.
    public func copy(_ text: String, expiresIn lifetime: TimeInterval = 60) throws(SecurePasteboardError) {
        guard lifetime > 0, lifetime <= Self.maximumLifetime else {
            throw .invalidLifetime(lifetime)
        }
        backend.setText(text, localOnly: true, expiration: now().addingTimeInterval(lifetime))
    }
}

/// Why ``SecurePasteboard`` refused to copy.
public enum SecurePasteboardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The lifetime is not in (0, ``SecurePasteboard/maximumLifetime``] seconds.
    case invalidLifetime(TimeInterval)

    public var description: String {
        switch self {
        case .invalidLifetime(let seconds):
            "a secret copy must expire within \(Int(SecurePasteboard.maximumLifetime)) s, and after 0 s; \(seconds) s was asked"
        }
    }
}

/// The pasteboard a ``SecurePasteboard`` writes to, as `UIPasteboard.setItems(_:options:)`
/// takes one text item with `.localOnly` and `.expirationDate`.
public protocol PasteboardBackend: Sendable {
    /// Replaces the pasteboard's items with `text`.
    func setText(_ text: String, localOnly: Bool, expiration: Date)
}

#if canImport(UIKit)
/// `UIPasteboard.general`, which the SDK isolates to the main actor: on the main thread the
/// copy is made before `setText` returns; from any other thread it is made on the main actor
/// right after.
struct SystemPasteboard: PasteboardBackend {
    func setText(_ text: String, localOnly: Bool, expiration: Date) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { Self.write(text, localOnly: localOnly, expiration: expiration) }
        } else {
            Task { @MainActor in Self.write(text, localOnly: localOnly, expiration: expiration) }
        }
    }

    @MainActor
    private static func write(_ text: String, localOnly: Bool, expiration: Date) {
        UIPasteboard.general.setItems(
            [[UTType.utf8PlainText.identifier: text]], options: [.localOnly: localOnly, .expirationDate: expiration])
    }
}
#endif
