import Foundation
import Testing
@testable import devicetrust_benchmark

/// Specification of `BenchmarkFigure`: the ratio ours ÷ OpenSSL, the verdict against the
/// operation's target, and the best-of-rounds figure.
@Suite("benchmark figures")
struct BenchmarkFigureTests {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static func failure(_ text: String) -> Result<Double, MeasurementFailure> {
        .failure(MeasurementFailure(Failed(description: text)))
    }

    static func figure(
        _ operation: BenchmarkOperation, ours: Double, openssl: Double
    ) -> BenchmarkFigure {
        BenchmarkFigure(operation: operation, ours: .success(ours), openssl: .success(openssl))
    }

    /// The rate, or the failure's description prefixed with "failed: ".
    static func summary(_ result: Result<Double, MeasurementFailure>) -> String {
        switch result {
        case .success(let value): "\(value)"
        case .failure(let failure): "failed: \(failure.description)"
        }
    }

    // MARK: - Targets

    @Test("targets: 0.85 for P-256 sign and verify, 0.80 for AES-256-GCM and SHA-256, none for ECDH")
    func targets() {
        #expect(BenchmarkOperation.p256Sign.targetRatio == 0.85)
        #expect(BenchmarkOperation.p256Verify.targetRatio == 0.85)
        #expect(BenchmarkOperation.aes256GCMSeal.targetRatio == 0.80)
        #expect(BenchmarkOperation.sha256.targetRatio == 0.80)
        #expect(BenchmarkOperation.ecdhP256.targetRatio == nil)
    }

    // MARK: - Ratio

    @Test("ratio is ours ÷ openssl")
    func ratioIsOursOverOpenSSL() {
        #expect(Self.figure(.p256Sign, ours: 30_000, openssl: 40_000).ratio == 0.75)
        #expect(Self.figure(.sha256, ours: 2_000_000_000, openssl: 1_000_000_000).ratio == 2)
        #expect(Self.figure(.ecdhP256, ours: 15_824, openssl: 15_824).ratio == 1)
    }

    @Test("ratio is nil when either side failed, or openssl measured zero")
    func ratioIsNilWithoutBothSides() {
        #expect(BenchmarkFigure(operation: .p256Sign, ours: Self.failure("x"), openssl: .success(1)).ratio == nil)
        #expect(BenchmarkFigure(operation: .p256Sign, ours: .success(1), openssl: Self.failure("x")).ratio == nil)
        #expect(BenchmarkFigure(operation: .p256Sign, ours: Self.failure("x"), openssl: Self.failure("y")).ratio == nil)
        #expect(Self.figure(.p256Sign, ours: 1, openssl: 0).ratio == nil)
    }

    @Test("ratio is zero when ours measured zero")
    func ratioIsZeroForZeroOurs() {
        #expect(Self.figure(.sha256, ours: 0, openssl: 1).ratio == 0)
        #expect(Self.figure(.sha256, ours: 0, openssl: 1).verdict == .below)
    }

    // MARK: - Verdict

    @Test(
        "PASS at exactly the target",
        arguments: [
            (BenchmarkOperation.p256Sign, 8_500.0, 10_000.0),
            (.p256Verify, 85.0, 100.0),
            (.aes256GCMSeal, 3_200_000_000.0, 4_000_000_000.0),
            (.sha256, 8.0, 10.0),
        ])
    func passAtExactlyTheTarget(operation: BenchmarkOperation, ours: Double, openssl: Double) throws {
        let figure = Self.figure(operation, ours: ours, openssl: openssl)
        #expect(figure.ratio == operation.targetRatio)
        #expect(figure.verdict == .pass)
    }

    @Test("PASS above the target", arguments: [BenchmarkOperation.p256Sign, .p256Verify, .aes256GCMSeal, .sha256])
    func passAboveTheTarget(operation: BenchmarkOperation) {
        #expect(Self.figure(operation, ours: 9, openssl: 10).verdict == .pass)
        #expect(Self.figure(operation, ours: 12, openssl: 10).verdict == .pass)
    }

    @Test("BELOW just under the target", arguments: [BenchmarkOperation.p256Sign, .p256Verify, .aes256GCMSeal, .sha256])
    func belowJustUnderTheTarget(operation: BenchmarkOperation) throws {
        let target = try #require(operation.targetRatio)
        let justUnder = Self.figure(operation, ours: target.nextDown, openssl: 1)
        #expect(try #require(justUnder.ratio) < target)
        #expect(justUnder.verdict == .below)
        #expect(Self.figure(operation, ours: (target - 0.0001) * 10_000, openssl: 10_000).verdict == .below)
    }

    @Test("no target (ECDH P-256): '-' whatever the ratio", arguments: [0.1, 1.0, 10.0])
    func noTarget(ratio: Double) {
        let figure = Self.figure(.ecdhP256, ours: ratio * 1000, openssl: 1000)
        #expect(figure.verdict == .noTarget)
        #expect(figure.verdict.rawValue == "-")
    }

    @Test("NOT MEASURED when a side failed, with or without a target", arguments: BenchmarkOperation.allCases)
    func notMeasured(operation: BenchmarkOperation) {
        #expect(BenchmarkFigure(operation: operation, ours: Self.failure("x"), openssl: .success(1)).verdict == .notMeasured)
        #expect(BenchmarkFigure(operation: operation, ours: .success(1), openssl: Self.failure("x")).verdict == .notMeasured)
        #expect(Self.figure(operation, ours: 1, openssl: 0).verdict == .notMeasured)
    }

    @Test("verdicts print as PASS, BELOW, - and NOT MEASURED")
    func verdictText() {
        #expect(BenchmarkFigure.Verdict.pass.rawValue == "PASS")
        #expect(BenchmarkFigure.Verdict.below.rawValue == "BELOW")
        #expect(BenchmarkFigure.Verdict.noTarget.rawValue == "-")
        #expect(BenchmarkFigure.Verdict.notMeasured.rawValue == "NOT MEASURED")
    }

    // MARK: - Best of rounds

    @Test("best(of:) takes the highest figure of each side, from whichever rounds they came")
    func bestTakesTheMaximumOfEachSide() {
        let best = BenchmarkFigure.best(of: [
            Self.figure(.p256Verify, ours: 10_000, openssl: 11_900),
            Self.figure(.p256Verify, ours: 10_500, openssl: 11_000),
            Self.figure(.p256Verify, ours: 9_000, openssl: 11_965),
        ])
        #expect(best.operation == .p256Verify)
        #expect(Self.summary(best.ours) == "10500.0")
        #expect(Self.summary(best.openssl) == "11965.0")
        #expect(best.ratio == 10_500.0 / 11_965.0)
    }

    @Test("best(of:) of one round is that round")
    func bestOfOneRound() {
        let best = BenchmarkFigure.best(of: [Self.figure(.sha256, ours: 1.5e9, openssl: 1.4e9)])
        #expect(best.operation == .sha256)
        #expect(Self.summary(best.ours) == "1500000000.0")
        #expect(Self.summary(best.openssl) == "1400000000.0")
    }

    @Test("best(of:) keeps a zero rate as zero")
    func bestOfZeros() {
        let best = BenchmarkFigure.best(of: [Self.figure(.sha256, ours: 0, openssl: 0), Self.figure(.sha256, ours: 0, openssl: 0)])
        #expect(Self.summary(best.ours) == "0.0")
        #expect(best.verdict == .notMeasured)
    }

    @Test("best(of:) reports a side that failed in any round as failed, with that round's reason", arguments: [0, 1, 2])
    func bestPropagatesAFailure(failingRound: Int) {
        let rounds = (0..<3).map { round in
            BenchmarkFigure(
                operation: .aes256GCMSeal,
                ours: round == failingRound ? Self.failure("round \(round): no key") : .success(Double(100 + round)),
                openssl: .success(Double(200 + round)))
        }
        let best = BenchmarkFigure.best(of: rounds)
        #expect(Self.summary(best.ours) == "failed: round \(failingRound): no key")
        #expect(Self.summary(best.openssl) == "202.0")
        #expect(best.verdict == .notMeasured)
    }

    @Test("best(of:) keeps the other side's best when one side fails; an openssl failure propagates too")
    func bestPropagatesAnOpenSSLFailure() {
        let best = BenchmarkFigure.best(of: [
            Self.figure(.p256Sign, ours: 31_000, openssl: 33_160),
            BenchmarkFigure(operation: .p256Sign, ours: .success(32_000), openssl: Self.failure("openssl exited with status 1")),
        ])
        #expect(Self.summary(best.ours) == "32000.0")
        #expect(Self.summary(best.openssl) == "failed: openssl exited with status 1")
    }

    @Test("best(of:) with failures in several rounds reports the first")
    func bestReportsTheFirstFailure() {
        let best = BenchmarkFigure.best(of: [
            BenchmarkFigure(operation: .sha256, ours: Self.failure("first"), openssl: Self.failure("one")),
            BenchmarkFigure(operation: .sha256, ours: Self.failure("second"), openssl: Self.failure("two")),
        ])
        #expect(Self.summary(best.ours) == "failed: first")
        #expect(Self.summary(best.openssl) == "failed: one")
    }

    // MARK: - Failures

    @Test("a measurement failure describes itself as the error it wraps")
    func measurementFailureDescription() {
        #expect(MeasurementFailure(Failed(description: "no header")).description == "no header")
        #expect(
            MeasurementFailure(OpenSSLSpeedRunner.Failure(description: "'openssl' not found on PATH")).description
                == "'openssl' not found on PATH")
        #expect(
            MeasurementFailure(P256Workloads.VerificationFailed()).description
                == "a signature DeviceTrustCrypto had just made did not verify")
    }
}
