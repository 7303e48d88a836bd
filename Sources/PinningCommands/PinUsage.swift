/// The exit statuses of `devicetrust pin`.
enum PinExitStatus {
    /// Everything worked and nothing was reported.
    static let success: Int32 = 0
    /// `check` reported at least one problem.
    static let findings: Int32 = 1
    /// Wrong arguments, or an input file that cannot be read or parsed.
    static let usage: Int32 = 2
}

/// The help text of `devicetrust pin` and its subcommands.
enum PinUsage {
    /// One usage line per subcommand, as `(name, synopsis, summary)`.
    static let subcommands: [(name: String, synopsis: String, summary: String)] = [
        ("hash", "devicetrust pin hash FILE...",
         "Print the SPKI-SHA256-BASE64 pin and subject of every certificate in PEM or DER files."),
        ("fetch", "devicetrust pin fetch HOST[:PORT] [--servername NAME] [--cafile FILE]",
         "Connect with TLS and print the presented chain with subject, issuer, expiry and pin; exit 1 if it does not verify."),
        ("plist", "devicetrust pin plist --domain D --pin P --pin BACKUP [--include-subdomains] [--ca]",
         "Print the NSAppTransportSecurity / NSPinnedDomains fragment to paste into Info.plist (--ca: NSPinnedCAIdentities)."),
        ("check", "devicetrust pin check Info.plist [--cert FILE ...]",
         "Report pinned domains without a backup pin, arbitrary loads, insecure exception domains, TLS below 1.2, and pins matching none of the --cert certificates; exit 1 on any report."),
        ("rotate-plan", "devicetrust pin rotate-plan --current P --backup B --new-backup N",
         "Print the key-rotation steps and the exact pin sets of this release and the next."),
    ]

    /// The overview printed by `devicetrust pin --help` and on a usage error.
    static var overview: String {
        var lines = ["USAGE: devicetrust pin <subcommand> [options]", "", "SUBCOMMANDS:"]
        for subcommand in subcommands {
            lines.append("  \(subcommand.synopsis)")
            lines.append("      \(subcommand.summary)")
        }
        lines.append("")
        lines.append("Pins are SPKI-SHA256-BASE64: the base64 SHA-256 of a certificate's DER SubjectPublicKeyInfo.")
        lines.append("Exit status: 0 success, 1 problems reported, 2 usage error or unreadable input.")
        return lines.joined(separator: "\n")
    }

    /// The usage of one subcommand, e.g. `"USAGE: devicetrust pin hash FILE..."`.
    static func usage(of name: String) -> String {
        guard let subcommand = subcommands.first(where: { $0.name == name }) else { return overview }
        return "USAGE: \(subcommand.synopsis)\n  \(subcommand.summary)"
    }
}
