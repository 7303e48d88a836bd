/// `devicetrust pin hash FILE...`: one line per certificate, `<pin>  <file>  <subject>`.
///
/// Files may be PEM (one or several certificates, e.g. a whole chain) or DER. A file
/// that cannot be read or parsed is reported on standard error with its path and why,
/// the other files are still hashed, and the exit status is 2.
enum PinHashCommand {
    /// Runs `pin hash` with the arguments after `hash`; returns the exit status.
    static func run(_ arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        let parsed: PinArguments
        do {
            parsed = try PinArguments(arguments, options: [])
        } catch {
            return error.report(subcommand: "hash", to: standardError)
        }
        if parsed.wantsHelp {
            standardOutput(PinUsage.usage(of: "hash"))
            return PinExitStatus.success
        }
        guard !parsed.positionals.isEmpty else {
            return PinUsageError("give at least one certificate file (PEM or DER)").report(subcommand: "hash", to: standardError)
        }
        var status = PinExitStatus.success
        for path in parsed.positionals {
            do {
                for entry in try PinCertificateFiles.load(path) {
                    standardOutput("\(entry.pin)  \(path)  \(entry.certificate.subjectSummary)")
                }
            } catch {
                standardError("devicetrust pin hash: \(error.message)")
                status = PinExitStatus.usage
            }
        }
        return status
    }
}
