import Foundation
#if canImport(os)
import os
#endif

/// A logger whose messages carry no secret unless the code says a value is public.
///
/// Seed 000's rule: never `print` or `NSLog` dynamic values, and log them with `os_log`'s
/// privacy (private by default). ``SecureLogMessage`` enforces that at the call site on
/// every platform and in debug builds too (where `os.Logger` shows private values when a
/// debugger is attached):
///
/// ```swift
/// let log = SecureLog(subsystem: "com.example.bank", category: "session")
/// log.info("token refreshed for \(userID), expires in \(seconds, privacy: .public) s")
/// // token refreshed for <private>, expires in 300 s
/// ```
///
/// On Apple platforms the rendered text goes to `os.Logger` (as public: it is already
/// redacted); elsewhere to standard error. Tests pass their own ``SecureLogSink``.
public struct SecureLog: Sendable {
    /// How serious a message is, as `OSLogType` names them.
    public enum Level: String, Sendable, CaseIterable {
        case debug, info, notice, error, fault
    }

    private let sink: any SecureLogSink

    /// A log for `subsystem` (your bundle identifier) and `category`.
    public init(subsystem: String, category: String) {
        #if canImport(os)
        sink = OSLoggerSink(Logger(subsystem: subsystem, category: category))
        #else
        sink = StandardErrorSink(prefix: "\(subsystem) [\(category)]")
        #endif
    }

    /// A log writing to `sink`.
    public init(sink: any SecureLogSink) { self.sink = sink }

    /// Writes `message` at `level`.
    public func log(_ level: Level, _ message: SecureLogMessage) { sink.write(level, message.rendered) }
    /// Writes `message` at ``Level/debug``.
    public func debug(_ message: SecureLogMessage) { log(.debug, message) }
    /// Writes `message` at ``Level/info``.
    public func info(_ message: SecureLogMessage) { log(.info, message) }
    /// Writes `message` at ``Level/notice``.
    public func notice(_ message: SecureLogMessage) { log(.notice, message) }
    /// Writes `message` at ``Level/error``.
    public func error(_ message: SecureLogMessage) { log(.error, message) }
    /// Writes `message` at ``Level/fault``.
    public func fault(_ message: SecureLogMessage) { log(.fault, message) }
}

/// Where a ``SecureLog`` writes its already redacted lines.
public protocol SecureLogSink: Sendable {
    /// Writes one rendered message.
    func write(_ level: SecureLog.Level, _ text: String)
}

/// Lines on standard error: `<prefix> <level>: <text>`.
struct StandardErrorSink: SecureLogSink {
    let prefix: String

    func write(_ level: SecureLog.Level, _ text: String) {
        FileHandle.standardError.write(Data("\(prefix) \(level.rawValue): \(text)\n".utf8))
    }
}

#if canImport(os)
/// `os.Logger`, given text that is already redacted.
struct OSLoggerSink: SecureLogSink {
    let logger: Logger

    init(_ logger: Logger) { self.logger = logger }

    func write(_ level: SecureLog.Level, _ text: String) {
        let type: OSLogType =
            switch level {
            case .debug: .debug
            case .info: .info
            case .notice: .default
            case .error: .error
            case .fault: .fault
            }
        logger.log(level: type, "\(text, privacy: .public)")
    }
}
#endif
