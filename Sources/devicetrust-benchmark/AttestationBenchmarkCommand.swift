import CommandKit
import Foundation

/// `devicetrust-benchmark attestation [--seconds N] [--rounds N]`: App Attest attestation
/// and assertion verifications per second next to `openssl speed ecdsap256 ecdsap384`,
/// same run, same core. Targets (issue 5): assertions ≥ 0.8 × P-256 verify/s;
/// attestations ≥ 0.8 × P-384 verify/s (one P-384 signature check per attestation, the
/// intermediate's own check cached).
struct AttestationBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "attestation", abstract: "App Attest verification next to openssl speed on one CPU core, in the same run.",
        synopsis: BenchmarkOptions.synopsis,
        discussion: """
            Measures App Attest attestation and assertion verifications per second next to `openssl speed
            ecdsap256 ecdsap384`, same run, same core. Targets: assertions at least 0.8 × P-256 verify/s,
            attestations at least 0.8 × P-384 verify/s. Exit status: 0 when every figure was measured
            (below target is a finding, not a failure), 1 when a measurement could not be made, 2 for a
            bad command line.
            """,
        options: BenchmarkOptions.specs)

    static let target = 0.8

    /// How long and how often each verification is measured.
    let options: BenchmarkOptions

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        options = try BenchmarkOptions(arguments: arguments)
    }

    func validate() throws(UsageError) { try options.validate() }

    /// Measures, prints the figures and returns the exit status.
    func run(_ context: CommandContext) -> Int32 {
        do {
            let core = try CryptoBenchmarkCommand.pinToOneCore()
            let openssl = OpenSSLSpeedRunner(core: core, seconds: options.secondsPerMeasurement)
            let workloads = try AttestationWorkloads()
            var best = (attestations: 0.0, assertions: 0.0, p256Verify: 0.0, p384Verify: 0.0)
            for round in 1...options.rounds {
                FileHandle.standardError.write(Data("round \(round) of \(options.rounds)…\n".utf8))
                best.attestations = max(best.attestations, try workloads.attestations(seconds: options.secondsPerMeasurement))
                best.assertions = max(best.assertions, try workloads.assertions(seconds: options.secondsPerMeasurement))
                let speed = try openssl.speed(["ecdsap256", "ecdsap384"])
                best.p256Verify = max(best.p256Verify, try OpenSSLSpeedOutput.ecdsaP256(speed).verifiesPerSecond)
                best.p384Verify = max(best.p384Verify, try OpenSSLSpeedOutput.ecdsaVerifies(speed, curve: "nistp384"))
            }
            #if DEBUG
            let build = "debug (figures are meaningless: build with -c release)"
            #else
            let build = "release"
            #endif
            let attestationRatio = best.attestations / best.p384Verify
            let assertionRatio = best.assertions / best.p256Verify
            print(
                """
                DeviceTrust attestation benchmark: App Attest verification next to `openssl speed`, same run, one core
                  build:   \(build); \(options.secondsPerMeasurement) s per measurement, wall-clock, best of \(options.rounds) round(s)
                  openssl: \(openssl.commandLine(["ecdsap256", "ecdsap384"]).joined(separator: " "))

                  App Attest attestations   \(Self.format(best.attestations))/s   P-384 verify \(Self.format(best.p384Verify))/s   ratio \(String(format: "%.2f", attestationRatio))  (target ≥ \(Self.target))
                  App Attest assertions     \(Self.format(best.assertions))/s   P-256 verify \(Self.format(best.p256Verify))/s   ratio \(String(format: "%.2f", assertionRatio))  (target ≥ \(Self.target))

                \(attestationRatio >= Self.target && assertionRatio >= Self.target ? "All targets met." : "Below target. This is a report; the exit status stays 0.")
                """)
            return 0
        } catch {
            FileHandle.standardError.write(Data("devicetrust-benchmark attestation: \(error)\n".utf8))
            return 1
        }
    }

    private static func format(_ rate: Double) -> String {
        String(format: "%9.0f", rate)
    }
}
