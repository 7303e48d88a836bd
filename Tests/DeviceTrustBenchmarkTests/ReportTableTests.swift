import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of the report: the fixed-width table `ReportTable.render` prints, and
/// the number formatting it relies on.
@Suite("report table")
struct ReportTableTests {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// One figure of each kind: PASS, BELOW, no target, a throughput BELOW and a failed side.
    static let figures = [
        BenchmarkFigure(operation: .p256Sign, ours: .success(31_234.4), openssl: .success(33_160)),
        BenchmarkFigure(operation: .p256Verify, ours: .success(9_000), openssl: .success(11_965)),
        BenchmarkFigure(operation: .ecdhP256, ours: .success(14_000), openssl: .success(15_824)),
        BenchmarkFigure(operation: .aes256GCMSeal, ours: .success(2_800_000_000), openssl: .success(4_098_424_830)),
        BenchmarkFigure(
            operation: .sha256, ours: .failure(MeasurementFailure(Failed(description: "boom"))), openssl: .success(1_371_586_560)),
    ]

    static let golden = """
        operation                DeviceTrustCrypto  openssl speed  ratio  target   result
        ---------------------------------------------------------------------------------------
        P-256 sign                      31234 op/s     33160 op/s   0.94  >= 0.85  PASS
        P-256 verify                     9000 op/s     11965 op/s   0.75  >= 0.85  BELOW
        ECDH P-256                      14000 op/s     15824 op/s   0.88  none     -
        AES-256-GCM seal 16 KiB        2800.0 MB/s    4098.4 MB/s   0.68  >= 0.80  BELOW
        SHA-256 16 KiB                      failed    1371.6 MB/s      -  >= 0.80  NOT MEASURED
        """

    @Test("golden: five figures render as the fixed table, byte for byte")
    func goldenTable() {
        let rendered = ReportTable.render(Self.figures)
        #expect(rendered == Self.golden)
        if rendered != Self.golden {
            // Line by line, so a mismatch is readable in the test log.
            for (index, (got, want)) in zip(rendered.split(separator: "\n"), Self.golden.split(separator: "\n")).enumerated() {
                #expect(got == want, "line \(index + 1)")
            }
        }
    }

    @Test("no line ends in a space, and the rule is as wide as the widest possible line")
    func linesAreTrimmedAndTheRuleSpansTheTable() throws {
        let lines = ReportTable.render(Self.figures).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 + Self.figures.count)
        #expect(lines.allSatisfy { $0.last != " " })
        let rule = lines[1]
        #expect(rule.allSatisfy { $0 == "-" })
        #expect(lines.allSatisfy { $0.count <= rule.count })
        #expect(lines.last?.count == rule.count, "the NOT MEASURED row fills the last column")
    }

    @Test("figure columns are right-aligned: they all end at the same place")
    func figureColumnsAreRightAligned() throws {
        let lines = ReportTable.render(Self.figures).split(separator: "\n").map(String.init)
        for cell in ["DeviceTrustCrypto", "openssl speed", "ratio"] {
            let header = try #require(lines[0].range(of: " " + cell))  // " ": "operation" holds "ratio"
            let end = lines[0].distance(from: lines[0].startIndex, to: header.upperBound)
            for line in lines.dropFirst(2) {
                let characters = Array(line)
                #expect(characters[end - 1] != " ", "'\(cell)' column does not end at \(end) in: \(line)")
                #expect(end == characters.count || characters[end] == " ", "'\(cell)' column overruns in: \(line)")
            }
        }
    }

    @Test("a table with no figures is the header and its rule")
    func emptyTable() {
        #expect(
            ReportTable.render([]) == """
                operation  DeviceTrustCrypto  openssl speed  ratio  target  result
                ------------------------------------------------------------------
                """)
    }

    @Test("a failed openssl side prints 'failed' in its column and '-' for the ratio")
    func failedOpenSSLSide() {
        let table = ReportTable.render([
            BenchmarkFigure(
                operation: .ecdhP256, ours: .success(15_000), openssl: .failure(MeasurementFailure(Failed(description: "x"))))
        ])
        #expect(table.split(separator: "\n").last == "ECDH P-256         15000 op/s         failed      -  none    NOT MEASURED")
    }

    // MARK: - Number formatting

    @Test(
        "rates: op/s as whole numbers, throughput in MB/s of 10^6 bytes with one decimal",
        arguments: [
            (BenchmarkOperation.p256Sign, 33_160.0, "33160 op/s"),
            (.p256Verify, 11_964.5, "11965 op/s"),
            (.ecdhP256, 0.4, "0 op/s"),
            (.aes256GCMSeal, 4_098_424_830.0, "4098.4 MB/s"),
            (.sha256, 1_371_586_560.0, "1371.6 MB/s"),
            (.sha256, 16_384.0, "0.0 MB/s"),
            (.sha256, 1_000_000.0, "1.0 MB/s"),
        ])
    func formattedRates(operation: BenchmarkOperation, rate: Double, expected: String) {
        #expect(operation.formatted(rate) == expected)
    }

    @Test(
        "format(_:decimals:) rounds half away from zero and pads the decimals",
        arguments: [
            (0.75, 2, "0.75"), (0.7, 2, "0.70"), (0.5, 0, "1"), (2.5, 0, "3"), (0.05, 1, "0.1"),
            (1234.5678, 1, "1234.6"), (0, 2, "0.00"), (3, 0, "3"), (0.001, 2, "0.00"), (9.999, 2, "10.00"),
            (-1.25, 1, "-1.3"), (-0.25, 1, "-0.3"),
        ])
    func formatting(value: Double, decimals: Int, expected: String) {
        #expect(format(value, decimals: decimals) == expected)
    }

    @Test("format(_:decimals:) prints non-finite values as Swift does")
    func formattingNonFinite() {
        #expect(format(.infinity, decimals: 2) == "inf")
        #expect(format(.nan, decimals: 2) == "nan")
    }

    @Test("titles name the operation and, for throughput, the 16 KiB buffer")
    func titles() {
        #expect(
            BenchmarkOperation.allCases.map(\.title)
                == ["P-256 sign", "P-256 verify", "ECDH P-256", "AES-256-GCM seal 16 KiB", "SHA-256 16 KiB"])
        #expect(BenchmarkOperation.throughputBufferByteCount == 16_384)
        #expect(BenchmarkOperation.allCases.filter(\.isThroughput) == [.aes256GCMSeal, .sha256])
    }
}
