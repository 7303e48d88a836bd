import CommandKit

/// `devicetrust pin hash FILE...`: one line per certificate, `<pin>  <file>  <subject>`.
///
/// Files may be PEM (one or several certificates, e.g. a whole chain) or DER. A file
/// that cannot be read or parsed is reported on standard error with its path and why,
/// the other files are still hashed, and the exit status is 2.
struct PinHashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "hash", abstract: "Print the SPKI-SHA256-BASE64 pin and subject of every certificate in PEM or DER files.",
        synopsis: "FILE...",
        discussion: """
            Prints one line per certificate: its pin, the file and its subject, separated by two spaces.
            A PEM file may hold several certificates (a whole chain). A file that cannot be read or
            parsed is reported on standard error with its path and why, and the other files are still
            hashed. Exit status: 0 when every file was hashed, 2 for a usage error or a file that cannot
            be read.
            """,
        positionals: PositionalSpec("FILE", minimum: 1, help: "PEM (one or several certificates) or DER certificate files"))

    /// The certificate files, in the order given.
    let files: [String]

    init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        files = arguments.positionals
    }

    func run(_ context: CommandContext) -> Int32 {
        var status = ExitStatus.success
        for path in files {
            do {
                for entry in try PinCertificateFiles.load(path) {
                    context.standardOutput("\(entry.pin)  \(path)  \(entry.certificate.subjectSummary)\n")
                }
            } catch {
                report(error.message, to: context)
                status = ExitStatus.usage
            }
        }
        return status
    }
}
