import AppleSurfaceRuntime
import Foundation

/// An object for writing interpolated string messages to the unified logging system.
/// https://developer.apple.com/documentation/os/logger
///
/// Lines go to the bound device's ``SurfaceLogSink``, rendered as the unified log stores them
/// without a debugger: private values as `<private>`.
public struct Logger: Sendable {
    private let subsystem: String
    private let category: String

    /// Creates a logger using the specified subsystem and category.
    /// https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// Writes a message to the log using the specified log type.
    /// https://developer.apple.com/documentation/os/logger/log(level:_:)
    public func log(level: OSLogType, _ message: OSLogMessage) {
        (SurfaceHost.current as? any SurfaceDeviceExtras)?.logSink?.log(
            subsystem: subsystem, category: category, level: level.rawValue, message: message.rendered)
    }
}

/// The various log levels that the unified logging system supports.
/// https://developer.apple.com/documentation/os/oslogtype
public struct OSLogType: RawRepresentable, Sendable, Hashable {
    /// https://developer.apple.com/documentation/os/oslogtype/init(_:)
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    /// The level's raw value (`os_log_type_t`).
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The level's raw value.
    public let rawValue: UInt8

    /// https://developer.apple.com/documentation/os/oslogtype/default
    public static let `default` = OSLogType(0x00)
    /// https://developer.apple.com/documentation/os/oslogtype/info
    public static let info = OSLogType(0x01)
    /// https://developer.apple.com/documentation/os/oslogtype/debug
    public static let debug = OSLogType(0x02)
    /// https://developer.apple.com/documentation/os/oslogtype/error
    public static let error = OSLogType(0x10)
    /// https://developer.apple.com/documentation/os/oslogtype/fault
    public static let fault = OSLogType(0x11)
}

/// The privacy options that determine when to redact or display values in log messages.
/// https://developer.apple.com/documentation/os/oslogprivacy
public struct OSLogPrivacy: Sendable, Equatable {
    private let isPublic: Bool?

    /// https://developer.apple.com/documentation/os/oslogprivacy/public
    public static let `public` = OSLogPrivacy(isPublic: true)
    /// https://developer.apple.com/documentation/os/oslogprivacy/private
    public static let `private` = OSLogPrivacy(isPublic: false)
    /// https://developer.apple.com/documentation/os/oslogprivacy/auto
    public static let auto = OSLogPrivacy(isPublic: nil)

    /// Whether a string shows: only `.public` (`.auto` keeps strings private).
    var showsStrings: Bool { isPublic == true }
}

/// A string composed of literals and interpolations, for the unified log.
/// https://developer.apple.com/documentation/os/oslogmessage
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    let rendered: String

    /// https://developer.apple.com/documentation/os/oslogmessage/init(stringinterpolation:)
    public init(stringInterpolation: OSLogInterpolation) { rendered = stringInterpolation.text }
    /// https://developer.apple.com/documentation/os/oslogmessage/init(stringliteral:)
    public init(stringLiteral value: String) { rendered = value }
}

/// The interpolation of an ``OSLogMessage``.
/// https://developer.apple.com/documentation/os/osloginterpolation
public struct OSLogInterpolation: StringInterpolationProtocol {
    var text = ""

    /// https://developer.apple.com/documentation/os/osloginterpolation
    public init(literalCapacity: Int, interpolationCount: Int) {}

    /// Appends a literal segment.
    public mutating func appendLiteral(_ literal: String) { text += literal }

    /// Appends a string, redacted unless `privacy` is `.public`.
    /// https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-8qlo0
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .auto) {
        text += privacy.showsStrings ? argumentString() : "<private>"
    }
}
