/// A log message whose interpolated values are private unless marked public, as
/// `os.Logger` treats dynamic values in release builds, but on every platform and build.
///
/// `"\(value)"` renders as `<private>`; `"\(value, privacy: .public)"` shows the value;
/// literal text always shows. A ``Redacted`` value stays `<redacted>` even when marked
/// public.
public struct SecureLogMessage: ExpressibleByStringInterpolation, Sendable {
    /// How an interpolated value is shown.
    public enum Privacy: Sendable {
        /// Shown as `<private>` (the default).
        case `private`
        /// Shown as is: only for values that are never secret (counts, codes, identifiers
        /// you would print on a receipt).
        case `public`
    }

    /// The message with private values replaced.
    public let rendered: String

    public init(stringLiteral value: String) { rendered = value }

    public init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.text }

    /// Builds the rendered text as the literal is read.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity + 10 * interpolationCount) }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// A value, private unless `privacy` is `.public`.
        public mutating func appendInterpolation(_ value: some Any, privacy: Privacy = .private) {
            switch privacy {
            case .private: text += "<private>"
            case .public: text += String(describing: value)
            }
        }
    }
}
