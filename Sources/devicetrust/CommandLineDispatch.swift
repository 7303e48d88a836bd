import Auditor
import DeviceTrustDemo
import PinningCommands
import TrustServer
import TrustStoreEngines

/// Chooses the subcommand: `demo` runs ``DeviceTrustDemo``, `audit` runs the ``Auditor``,
/// `pin` runs the pinning commands;
/// everything else (`serve`, help, no or an unknown subcommand) goes to TrustServer's
/// `DeviceTrustCommandLine`.
enum CommandLineDispatch {
    static func run(_ arguments: [String]) -> Int32 {
        switch arguments.dropFirst().first {
        case "demo": DeviceTrustDemo.runCommand(Array(arguments.dropFirst(2)))
        case "audit": AuditCommand.run(Array(arguments.dropFirst(2)))
        case "pin": PinCommand.run(Array(arguments.dropFirst(2)))
        default: DeviceTrustCommandLine.run(arguments, openStore: TrustStoreEngines.open)
        }
    }
}
