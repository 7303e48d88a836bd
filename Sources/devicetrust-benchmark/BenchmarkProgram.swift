import CommandKit

/// The `devicetrust-benchmark` command tree: `crypto`, also run without a subcommand (so
/// `devicetrust-benchmark --quick` is `devicetrust-benchmark crypto --quick`), `server`
/// and `attestation`, each a ``CommandKit/ParsableCommand`` in its own file.
enum BenchmarkProgram {
    static let program = CommandLineProgram(
        root: CommandGroup(
            name: "devicetrust-benchmark", abstract: "DeviceTrust's figures next to openssl speed's, measured in the same run.",
            discussion: """
                Build it with -c release: debug figures are meaningless. Exit status: 0 when every figure was
                measured (BELOW is a finding, not a failure), 1 when a measurement could not be made, 2 for a
                bad command line.
                """,
            members: [
                .command(CryptoBenchmarkCommand.self),
                .command(ServerLoadCommand.self),
                .command(AttestationBenchmarkCommand.self),
            ],
            defaultSubcommand: CryptoBenchmarkCommand.self))
}
