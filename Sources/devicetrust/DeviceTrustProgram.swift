import Auditor
import CommandKit
import DeviceTrustDemo
import PinningCommands
import TrustServer
import TrustStoreEngines

/// The `devicetrust` command tree: which command each subcommand is. Wiring only; every
/// command's parsing and behaviour live in its module.
enum DeviceTrustProgram {
    /// The version `devicetrust --version` prints.
    static let version = "devicetrust \(DeviceTrustVersion.current)"

    static let program = CommandLineProgram(
        root: CommandGroup(
            name: "devicetrust", abstract: "DeviceTrust: device binding, its server, and an auditor for iOS security pitfalls.",
            discussion: "Exit status: 0 success, 1 the command reports a failure or findings, 2 usage error or unreadable input.",
            members: [
                .command(Serve.self),
                .command(DemoCommand.self),
                .command(AuditSubcommand.self),
                .group(PinCommand.group),
                .group(KeysCommand.group),
            ]),
        version: version)

    /// `devicetrust serve` with the storage engines this executable links.
    struct Serve: ParsableCommand {
        static var configuration: CommandConfiguration { ServeCommand.configuration }
        let command: ServeCommand
        init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
            command = try ServeCommand(arguments: arguments, environment: environment)
        }
        func run(_ context: CommandContext) -> Int32 { command.serve(openStore: TrustStoreEngines.open, context: context) }
    }
}
