import CommandKit
import Foundation

/// What commands write through a ``CommandKit/CommandContext``, kept in memory, for the
/// tests that run commands in process.
public final class CapturedOutput: @unchecked Sendable {
    // @unchecked: both buffers are only touched with `lock` held.
    private let lock = NSLock()
    private var output = ""
    private var error = ""
    private let environment: [String: String]

    /// Nothing captured yet; `environment` is what the context hands to commands.
    public init(environment: [String: String] = [:]) {
        self.environment = environment
    }

    /// A context whose standard output and error are kept here.
    public var context: CommandContext {
        CommandContext(
            standardOutput: { text in self.lock.withLock { self.output += text } },
            standardError: { text in self.lock.withLock { self.error += text } },
            environment: environment)
    }

    /// Everything written to standard output.
    public var standardOutput: String { lock.withLock { output } }
    /// Everything written to standard error.
    public var standardError: String { lock.withLock { error } }

    /// Standard output line by line, without the newlines.
    public var outputLines: [String] { Self.lines(standardOutput) }
    /// Standard error line by line, without the newlines.
    public var errorLines: [String] { Self.lines(standardError) }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
