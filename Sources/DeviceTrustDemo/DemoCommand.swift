import CommandKit
import Dispatch
import Foundation
import SecureStorage

/// `devicetrust demo`: runs the demo, printing each step at once. Exit status 0 when every
/// step went as expected, 1 when one did not, 2 for a usage error.
public struct DemoCommand: ParsableCommand {
    /// The command's name and help; it takes no options.
    public static let configuration = CommandConfiguration(
        name: "demo", abstract: "Walk an embedded server and an emulated iPhone through every flow.",
        discussion: """
            Runs an embedded server and an emulated iPhone through enrollment, approval, replay,
            tampering, biometric change with PIN fallback and rebind, and PIN lockout. Exit status: 0
            when every step behaved as expected, 1 when one did not, 2 for a usage error.
            """)

    /// The command; `demo` takes no arguments.
    public init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {}

    /// Runs the demo, writing each step to `context`'s standard output.
    public func run(_ context: CommandContext) -> Int32 {
        let status = Locked<Int32>(ExitStatus.failure)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                _ = try await DeviceTrustDemo.run { line in context.standardOutput(line + "\n") }
                context.standardOutput("Demo complete: every step behaved as expected.\n")
                status.withLock { $0 = ExitStatus.success }
            } catch {
                context.standardError("devicetrust demo: \(error)\n")
            }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }
}
