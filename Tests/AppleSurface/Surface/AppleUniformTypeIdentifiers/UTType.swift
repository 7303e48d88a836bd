import Foundation

/// A structure that represents a type of data to load, send, or receive.
/// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct UTType: Sendable, Hashable {
    /// The string that represents the type. https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/identifier
    public let identifier: String

    private init(identifier: String) { self.identifier = identifier }

    /// A type that represents UTF-8-encoded text with no markup.
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/utf8plaintext
    public static let utf8PlainText = UTType(identifier: "public.utf8-plain-text")
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/plaintext
    public static let plainText = UTType(identifier: "public.plain-text")
}
