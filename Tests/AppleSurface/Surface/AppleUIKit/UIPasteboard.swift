import AppleSurfaceRuntime
import Foundation

/// An object that helps a user share data from one place to another within your app, and
/// from your app to other apps. https://developer.apple.com/documentation/uikit/uipasteboard
///
/// A main-actor class, as in the current SDK (its notification names are `nonisolated`).
/// Copies go to the bound device's ``SurfacePasteboard``.
@MainActor open class UIPasteboard: NSObject {
    /// Keys for the options you can set on items on the pasteboard.
    /// https://developer.apple.com/documentation/uikit/uipasteboard/optionskey
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uipasteboard/optionskey/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The key's string.
        public let rawValue: String
        /// https://developer.apple.com/documentation/uikit/uipasteboard/optionskey/localonly
        public static let localOnly = OptionsKey(rawValue: "com.apple.UIKit.pboardLocalOnly")
        /// https://developer.apple.com/documentation/uikit/uipasteboard/optionskey/expirationdate
        public static let expirationDate = OptionsKey(rawValue: "com.apple.UIKit.pboardExpirationDate")
    }

    /// The general pasteboard. https://developer.apple.com/documentation/uikit/uipasteboard/general
    open class var general: UIPasteboard { UIPasteboard() }

    /// Adds an array of items to a pasteboard, and sets privacy options for all of them.
    /// https://developer.apple.com/documentation/uikit/uipasteboard/setitems(_:options:)
    open func setItems(_ items: [[String: Any]], options: [UIPasteboard.OptionsKey: Any] = [:]) {
        guard let pasteboard = (SurfaceHost.current as? any SurfaceDeviceExtras)?.pasteboard else { return }
        let text = items.lazy.flatMap(\.values).compactMap { $0 as? String }.first ?? ""
        pasteboard.setText(text, localOnly: options[.localOnly] as? Bool ?? false, expiration: options[.expirationDate] as? Date)
    }
}
