/// Which benchmark the command line asks for: the first argument, when it names one.
///
/// No subcommand means `crypto`, so `devicetrust-benchmark --quick` keeps working.
enum BenchmarkSubcommand: String, Equatable, CaseIterable {
    /// DeviceTrustCrypto next to `openssl speed` (``BenchmarkCommand``).
    case crypto
    /// The server under load (``ServerLoadCommand``).
    case server
    /// App Attest verification next to `openssl speed` (``AttestationBenchmarkCommand``).
    case attestation

    /// The subcommand and the arguments that belong to it.
    static func split(_ arguments: [String]) -> (subcommand: BenchmarkSubcommand, arguments: [String]) {
        if let first = arguments.first, let subcommand = BenchmarkSubcommand(rawValue: first) {
            return (subcommand, Array(arguments.dropFirst()))
        }
        return (.crypto, arguments)
    }
}
