/// Reads the figures out of the human-readable table `openssl speed` prints on stdout.
///
/// The table, from OpenSSL 3.0 (1.1.1 prints the same shapes):
///
///                                   sign    verify    sign/s verify/s
///      256 bits ecdsa (nistp256)   0.0000s   0.0001s  32570.0  10700.0
///
///                                   op      op/s
///      256 bits ecdh (nistp256)   0.0001s  14217.0
///
///     The 'numbers' are in 1000s of bytes per second processed.
///     type          16384 bytes
///     AES-256-GCM    3680370.69k
///
/// Columns are found by their header names, counted from the right, so the version
/// banner, extra columns to the left or different spacing do not matter. A value with
/// a `k` suffix is in thousands; OpenSSL drops the suffix for small values.
enum OpenSSLSpeedOutput {
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Signatures and verifications per second from `openssl speed ecdsap256`.
    static func ecdsaP256(_ output: String) throws(ParseError) -> (signsPerSecond: Double, verifiesPerSecond: Double) {
        let values = try columns(["sign/s", "verify/s"], in: output, rowNamed: "ecdsa", curve: "nistp256")
        return (values[0], values[1])
    }

    /// Verifications per second on `curve` (e.g. `nistp384`) from `openssl speed ecdsap384`.
    static func ecdsaVerifies(_ output: String, curve: String) throws(ParseError) -> Double {
        try columns(["sign/s", "verify/s"], in: output, rowNamed: "ecdsa", curve: curve)[1]
    }

    /// Key agreements per second from `openssl speed ecdhp256`.
    static func ecdhP256(_ output: String) throws(ParseError) -> Double {
        try columns(["op/s"], in: output, rowNamed: "ecdh", curve: "nistp256")[0]
    }

    /// Bytes per second for `algorithm` on `blockSize`-byte blocks, from
    /// `openssl speed -evp <algorithm> -bytes <blockSize>`.
    static func evpBytesPerSecond(_ output: String, algorithm: String, blockSize: Int) throws(ParseError) -> Double {
        let lines = output.split(whereSeparator: \.isNewline).map { $0.split(whereSeparator: \.isWhitespace) }
        guard let headerIndex = lines.lastIndex(where: { $0.first == "type" }) else {
            throw ParseError(description: "no 'type … bytes' header in the openssl speed output")
        }
        // "type 16 bytes 64 bytes …": the block sizes, in column order.
        let sizes = lines[headerIndex].dropFirst().compactMap { Int($0) }
        guard let column = sizes.firstIndex(of: blockSize) else {
            throw ParseError(description: "no \(blockSize)-byte column in the openssl speed output (found \(sizes))")
        }
        guard let row = lines[(headerIndex + 1)...].first(where: { $0.first?.lowercased() == algorithm.lowercased() }) else {
            throw ParseError(description: "no '\(algorithm)' row in the openssl speed output")
        }
        let cells = Array(row.dropFirst())
        guard cells.count == sizes.count else {
            throw ParseError(description: "the '\(algorithm)' row has \(cells.count) values for \(sizes.count) block sizes")
        }
        return try number(cells[column], thousandsSuffixAllowed: true)
    }

    private static func columns(_ names: [String], in output: String, rowNamed kind: String, curve: String) throws(ParseError) -> [Double] {
        let lines = output.split(whereSeparator: \.isNewline).map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        guard let header = lines.last(where: { tokens in names.allSatisfy(tokens.contains) }) else {
            throw ParseError(description: "no header with \(names.joined(separator: ", ")) in the openssl speed output")
        }
        guard
            let row = lines.last(where: { tokens in
                tokens.contains { $0.lowercased() == kind } && tokens.contains { $0.lowercased().contains(curve) }
            })
        else {
            throw ParseError(description: "no '\(kind) (\(curve))' row in the openssl speed output")
        }
        var values: [Double] = []
        for name in names {
            // Header and row are aligned on the right: the last header name is the last cell.
            let offsetFromRight = header.count - 1 - header.lastIndex(of: name)!
            guard offsetFromRight < row.count else {
                throw ParseError(description: "the '\(kind)' row is too short for the '\(name)' column")
            }
            values.append(try number(row[row.count - 1 - offsetFromRight], thousandsSuffixAllowed: false))
        }
        return values
    }

    private static func number<S: StringProtocol>(_ cell: S, thousandsSuffixAllowed: Bool) throws(ParseError) -> Double {
        var text = Substring(cell)
        var scale = 1.0
        if thousandsSuffixAllowed, text.hasSuffix("k") {
            text = text.dropLast()
            scale = 1000
        }
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw ParseError(description: "'\(cell)' is not a figure")
        }
        return value * scale
    }
}
