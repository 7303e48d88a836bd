import Foundation

/// `devicetrust pin fetch HOST[:PORT] [--servername NAME] [--cafile FILE]`: connects with
/// TLS, prints the chain the server presents (leaf first) with the subject, issuer,
/// expiry and SPKI pin of each certificate, and says whether the chain verified.
///
/// Exit status: 0 when the chain verified (to `--cafile`, or to the system's roots, with
/// the host name or `--servername` matching the leaf); 1 when it did not; 2 for a usage
/// error or when no chain could be fetched (DNS, connect, handshake).
public enum PinFetchCommand {
    /// Runs the arguments after `fetch`, writing lines to `standardOutput` and
    /// `standardError`; returns the exit status.
    public static func run(
        _ arguments: [String],
        standardOutput: (String) -> Void,
        standardError: (String) -> Void
    ) -> Int32 {
        let parsed: PinFetchArguments
        do {
            parsed = try PinFetchArguments(parsing: arguments)
        } catch {
            standardError("pin fetch: \(error.reason)")
            standardError(PinFetchArguments.usage)
            return 2
        }
        #if canImport(COpenSSL)
        let result: PinFetchResult
        do {
            result = try TLSChainFetcher.fetch(parsed)
        } catch {
            standardError("pin fetch: \(error)")
            return 2
        }
        for line in PinFetchReport.lines(for: result) { standardOutput(line) }
        return result.isVerified ? 0 : 1
        #else
        standardError("pin fetch: not available on this platform (it needs OpenSSL)")
        return 2
        #endif
    }
}
