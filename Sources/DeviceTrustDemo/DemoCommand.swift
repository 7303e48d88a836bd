import CommandKit
import Dispatch
import Foundation
import SecureStorage

/// `devicetrust demo`: runs the demo, printing each step at once. Exit status 0 when every
/// step went as expected, 1 when one did not, 2 for a usage error.
public struct DemoCommand: ParsableCommand {
    /// The command's name, help and its one option.
    public static let configuration = CommandConfiguration(
        name: "demo", abstract: "Walk an embedded server and an emulated iPhone through every flow.",
        discussion: """
            Runs an embedded server and an emulated iPhone through enrollment, approval, replay,
            tampering, biometric change with PIN fallback and rebind, and PIN lockout. With
            --app-attest, the server requires App Attest instead and the iPhone enrolls with an
            attested key, asserts on every approval, and sees an old assertion and a swapped device
            key refused. Exit status: 0 when every step behaved as expected, 1 when one did not, 2
            for a usage error.
            """,
        options: [
            OptionSpec(
                "--app-attest", kind: .flag,
                help: "the App Attest walk-through: --app-attest required --platforms ios under the emulator's test root")
        ])

    /// Whether to run the App Attest walk-through.
    public let appAttest: Bool

    /// The command from its parsed options.
    public init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        appAttest = arguments.flag("--app-attest")
    }

    /// Runs the demo, writing each step to `context`'s standard output.
    public func run(_ context: CommandContext) -> Int32 {
        let status = Locked<Int32>(ExitStatus.failure)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                let output: @Sendable (String) -> Void = { line in context.standardOutput(line + "\n") }
                _ = try await appAttest ? DeviceTrustDemo.runAppAttest(output: output) : DeviceTrustDemo.run(output: output)
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
