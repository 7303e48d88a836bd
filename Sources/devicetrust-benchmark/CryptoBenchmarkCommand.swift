import CommandKit
import Foundation

/// `devicetrust-benchmark [crypto]`: pins itself to one core, measures each operation with
/// DeviceTrustCrypto and then with `openssl speed` on the same core, and prints the table.
/// Progress goes to stderr, the report to stdout.
struct CryptoBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "crypto", abstract: "DeviceTrustCrypto next to openssl speed on one CPU core, in the same run.",
        synopsis: BenchmarkOptions.synopsis,
        discussion: """
            Measures DeviceTrustCrypto and `openssl speed` on one CPU core, in the same run, and prints
            both with their ratio: P-256 sign/s, P-256 verify/s, ECDH P-256/s, AES-256-GCM seal and
            SHA-256 throughput on 16 KiB buffers. The run takes about 10 × seconds × rounds. Without a
            subcommand, devicetrust-benchmark runs this one. Exit status: 0 when every figure was
            measured (BELOW is a finding, not a failure), 1 when a measurement could not be made, 2 for
            a bad command line.
            """,
        options: BenchmarkOptions.specs)

    /// How long and how often each operation is measured.
    let options: BenchmarkOptions

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        options = try BenchmarkOptions(arguments: arguments)
    }

    func validate() throws(UsageError) { try options.validate() }

    /// Measures, prints the report and returns the exit status.
    func run(_ context: CommandContext) -> Int32 {
        let core: Int?
        do {
            core = try Self.pinToOneCore()
        } catch {
            Self.printToStandardError("devicetrust-benchmark: cannot pin to one core: \(error)")
            return 1
        }
        let openssl = OpenSSLSpeedRunner(core: core, seconds: options.secondsPerMeasurement)
        Self.printHeader(options: options, core: core, openssl: openssl)

        let rounds = (1...options.rounds).map { round in
            Self.progress("round \(round) of \(options.rounds)")
            return Self.measureAll(options: options, openssl: openssl)
        }
        let figures = rounds[0].indices.map { index in BenchmarkFigure.best(of: rounds.map { $0[index] }) }
        print("")
        print(ReportTable.render(figures))

        let failures = figures.flatMap { figure in
            [("DeviceTrustCrypto", figure.ours), ("openssl speed", figure.openssl)].compactMap { side, result in
                if case .failure(let failure) = result { "\(figure.operation.title), \(side): \(failure)" } else { nil }
            }
        }
        if !failures.isEmpty {
            print("\nnot measured:")
            for failure in failures { print("  \(failure)") }
            return 1
        }
        let below = figures.filter { $0.verdict == .below }.map(\.operation.title)
        print("")
        print(
            below.isEmpty
                ? "All targets met."
                : "Below target: \(below.joined(separator: ", ")). This is a report; the exit status stays 0.")
        return 0
    }

    /// Each DeviceTrustCrypto measurement runs right before OpenSSL's for the same
    /// operation, so both see the same machine load as nearly as possible.
    private static func measureAll(options: BenchmarkOptions, openssl: OpenSSLSpeedRunner) -> [BenchmarkFigure] {
        let seconds = options.secondsPerMeasurement
        var figures: [BenchmarkFigure] = []

        progress("P-256 sign and verify, DeviceTrustCrypto")
        let ours = Result { try P256Workloads.signAndVerify(seconds: seconds) }.mapError(MeasurementFailure.init)
        progress("P-256 sign and verify, openssl speed")
        let theirs = Result { try OpenSSLSpeedOutput.ecdsaP256(openssl.speed(["ecdsap256"])) }.mapError(MeasurementFailure.init)
        figures.append(BenchmarkFigure(operation: .p256Sign, ours: ours.map(\.signsPerSecond), openssl: theirs.map(\.signsPerSecond)))
        figures.append(BenchmarkFigure(operation: .p256Verify, ours: ours.map(\.verifiesPerSecond), openssl: theirs.map(\.verifiesPerSecond)))

        figures.append(
            measure(
                .ecdhP256,
                ours: { try P256Workloads.keyAgreement(seconds: seconds) },
                openssl: { try OpenSSLSpeedOutput.ecdhP256(openssl.speed(["ecdhp256"])) }))

        let bytes = BenchmarkOperation.throughputBufferByteCount
        figures.append(
            measure(
                .aes256GCMSeal,
                ours: { try SymmetricWorkloads.aes256GCMSeal(seconds: seconds) },
                openssl: {
                    try OpenSSLSpeedOutput.evpBytesPerSecond(
                        openssl.speed(["-evp", "aes-256-gcm", "-bytes", String(bytes)]), algorithm: "AES-256-GCM", blockSize: bytes)
                }))
        figures.append(
            measure(
                .sha256,
                ours: { SymmetricWorkloads.sha256(seconds: seconds) },
                openssl: {
                    try OpenSSLSpeedOutput.evpBytesPerSecond(
                        openssl.speed(["-evp", "sha256", "-bytes", String(bytes)]), algorithm: "sha256", blockSize: bytes)
                }))
        return figures
    }

    private static func measure(
        _ operation: BenchmarkOperation, ours: () throws -> Double, openssl: () throws -> Double
    ) -> BenchmarkFigure {
        progress("\(operation.title), DeviceTrustCrypto")
        let oursResult = Result(catching: ours).mapError(MeasurementFailure.init)
        progress("\(operation.title), openssl speed")
        let opensslResult = Result(catching: openssl).mapError(MeasurementFailure.init)
        return BenchmarkFigure(operation: operation, ours: oursResult, openssl: opensslResult)
    }

    /// Pins this (the main) thread to the first core it may use, and returns that core;
    /// `nil` where the OS offers no pinning (Apple platforms).
    static func pinToOneCore() throws -> Int? {
        #if os(Linux)
        let core = try CorePinning.firstAllowedCore()
        try CorePinning.pinCurrentThread(to: core)
        return core
        #else
        return nil
        #endif
    }

    private static func printHeader(options: BenchmarkOptions, core: Int?, openssl: OpenSSLSpeedRunner) {
        #if DEBUG
        let build = "debug (figures are meaningless: use `swift run -c release devicetrust-benchmark`)"
        #else
        let build = "release"
        #endif
        let version = (try? openssl.version()) ?? "unknown (`openssl version` failed)"
        let pinning = core.map { "core \($0) (ours: sched_setaffinity; openssl: taskset -c \($0))" } ?? "not pinned on this OS"
        print(
            """
            DeviceTrust benchmark: DeviceTrustCrypto next to `openssl speed`, same run, one core
              build:    \(build)
              cpu:      \(pinning)
              timing:   \(options.secondsPerMeasurement) s per measurement, wall-clock (openssl speed -elapsed);
                        \(options.rounds) round(s) alternating ours and openssl, best of each side reported
              openssl:  \(version)
              example:  \(openssl.commandLine(["ecdsap256"]).joined(separator: " "))
              notes:    sign: openssl speed signs a 20-byte buffer as a ready-made digest; ours signs a
                        32-byte message and hashes it with SHA-256 first, as CryptoKit does.
                        AES-GCM: openssl speed times EVP_EncryptUpdate on one long-lived context;
                        ours times a whole AES.GCM.seal per message (random nonce, new output, tag).
                        MB/s is 10^6 bytes per second. ratio = ours / openssl.
            """)
    }

    private static func progress(_ step: String) {
        printToStandardError("measuring \(step)…")
    }

    private static func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
