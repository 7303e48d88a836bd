import Foundation
import Testing

// The one driver behind every Wycheproof test in this target.
//
// A Wycheproof file is `{ algorithm, numberOfTests, testGroups: [{ <group parameters>,
// tests: [{ tcId, comment, flags, result, <case input> }] }] }`. The models below are
// generic over the two parts that differ between files (`Parameters` of a group and
// `Input` of a case); each test file declares just those two small `Decodable` structs
// and a closure that feeds one case to DeviceTrustCrypto and says whether the
// implementation accepted it.
//
// The rules `Wycheproof.run` enforces, for every file:
//   * every `valid` case is accepted and every `invalid` case is rejected;
//   * every `acceptable` case is decided in the test source, through a flag → outcome
//     table written next to the call (with the reason as a comment), and the
//     implementation must agree with that decision;
//   * a deviation from the file's own verdict is only allowed through a `Deviation`
//     value that carries its reason in writing;
//   * the number of cases run equals the file's `numberOfTests`, so nothing is skipped
//     silently. (No group is skipped anywhere; a file that is not run at all says so in
//     its own test, see `WycheproofPBKDF2Tests.swift`.)
// Each mismatch is recorded as its own issue naming the tcId, the comment and the flags.

/// What the implementation did with one case.
enum WycheproofOutcome: String, Sendable, CustomStringConvertible {
    /// The input was accepted: it decrypted / verified / derived the expected value.
    case accepted
    /// The input was refused: an error was thrown, a verification returned `false`, or a
    /// computed value differed from the expected one.
    case rejected

    var description: String { rawValue }
}

/// The verdict a Wycheproof file gives for a case.
enum WycheproofResult: String, Decodable, Sendable {
    case valid, invalid, acceptable
}

/// One Wycheproof file, generic over its group parameters and case inputs.
struct WycheproofFile<Parameters: Decodable, Input: Decodable>: Decodable {
    let algorithm: String
    let numberOfTests: Int
    let testGroups: [WycheproofGroup<Parameters, Input>]
}

/// One test group: the group-level fields (decoded as `Parameters` from the same JSON
/// object) and its cases.
struct WycheproofGroup<Parameters: Decodable, Input: Decodable>: Decodable {
    let parameters: Parameters
    let tests: [WycheproofCase<Input>]

    private enum CodingKeys: String, CodingKey { case tests }

    init(from decoder: any Decoder) throws {
        parameters = try Parameters(from: decoder)
        tests = try decoder.container(keyedBy: CodingKeys.self).decode([WycheproofCase<Input>].self, forKey: .tests)
    }
}

/// One test case: the fields every schema shares plus the file-specific `Input`, decoded
/// from the same JSON object.
struct WycheproofCase<Input: Decodable>: Decodable {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let input: Input

    private enum CodingKeys: String, CodingKey { case tcId, comment, flags, result }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tcId = try container.decode(Int.self, forKey: .tcId)
        comment = try container.decode(String.self, forKey: .comment)
        flags = try container.decodeIfPresent([String].self, forKey: .flags) ?? []
        result = try container.decode(WycheproofResult.self, forKey: .result)
        input = try Input(from: decoder)
    }

    /// `tcId 42 (valid, "comment", flags: A, B)`, for issue messages.
    var label: String {
        "tcId \(tcId) (\(result.rawValue), \"\(comment)\", flags: \(flags.isEmpty ? "none" : flags.joined(separator: ", ")))"
    }
}

/// A hex string from a vector file, decoded strictly (even length, hex digits only).
struct HexBytes: Decodable, Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let bytes = HexBytes.decode(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an even-length hex string: \(text.prefix(40))")
        }
        self.bytes = bytes
    }

    /// The bytes of `hex`, or `nil` when it has an odd length or a non-hex character.
    static func decode(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    var data: Data { Data(bytes) }
    var count: Int { bytes.count }
    var description: String { Wycheproof.hex(bytes) }
}

/// A written, deliberate departure from a file's verdict for the cases `applies` selects
/// (for example: valid AES-GCM vectors with IVs shorter than 96 bits, which the API refuses
/// like CryptoKit does).
struct WycheproofDeviation<Parameters: Decodable, Input: Decodable>: Sendable {
    /// Why the verdict is overridden; shown in any issue about these cases.
    let reason: String
    /// The outcome required instead of the file's verdict.
    let expected: WycheproofOutcome
    let applies: @Sendable (Parameters, WycheproofCase<Input>) -> Bool

    init(
        _ reason: String, expected: WycheproofOutcome,
        when applies: @escaping @Sendable (Parameters, WycheproofCase<Input>) -> Bool
    ) {
        self.reason = reason
        self.expected = expected
        self.applies = applies
    }
}

/// Thrown by a case closure to reject a case with a stated reason (a computed value that
/// differs from the vector, say). Any thrown error counts as a rejection.
struct WycheproofMismatch: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What one file's run did, for per-file assertions (and the summary line).
struct WycheproofTally: Sendable, CustomStringConvertible {
    var file = ""
    var numberOfTests = 0
    var casesRun = 0
    var valid = 0, invalid = 0, acceptable = 0
    var accepted = 0, rejected = 0
    /// Acceptable cases by the outcome the test decided for them.
    var acceptableAccepted = 0, acceptableRejected = 0
    /// Cases whose verdict a `WycheproofDeviation` overrode.
    var deviated = 0
    var mismatches = 0

    var description: String {
        "\(file): \(casesRun)/\(numberOfTests) run; valid \(valid), invalid \(invalid), acceptable \(acceptable) "
            + "(decided accepted \(acceptableAccepted), rejected \(acceptableRejected)); "
            + "accepted \(accepted), rejected \(rejected); deviations \(deviated); mismatches \(mismatches)"
    }
}

enum Wycheproof {
    /// The vector folder, next to this source file (it is excluded from the target).
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Vectors/wycheproof")

    /// Lowercase hex of `bytes`, for mismatch messages.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Loads `<name>.json` from the vector folder.
    static func load<Parameters: Decodable, Input: Decodable>(
        _ name: String, parameters: Parameters.Type = Parameters.self, input: Input.Type = Input.self
    ) throws -> WycheproofFile<Parameters, Input> {
        let url = directory.appendingPathComponent("\(name).json")
        return try JSONDecoder().decode(WycheproofFile<Parameters, Input>.self, from: Data(contentsOf: url))
    }

    /// Runs every case of `<name>.json` through `body` and checks the outcome.
    ///
    /// - Parameters:
    ///   - acceptable: the decision for `acceptable` cases, by flag. Every acceptable case
    ///     must carry at least one flag of this table, and all of its flags that appear in
    ///     the table must agree; otherwise the case is reported as undecided.
    ///   - deviations: written overrides of the file's verdict (see `WycheproofDeviation`).
    ///   - body: feeds one case to the implementation and says what it did. Throwing any
    ///     error means `.rejected`; the error is quoted if that was not expected.
    /// - Returns: the tally, for assertions about specific counts.
    @discardableResult
    static func run<Parameters: Decodable, Input: Decodable>(
        _ name: String,
        parameters: Parameters.Type = Parameters.self,
        input: Input.Type = Input.self,
        acceptable decisions: [String: WycheproofOutcome] = [:],
        deviations: [WycheproofDeviation<Parameters, Input>] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (Parameters, WycheproofCase<Input>) throws -> WycheproofOutcome
    ) throws -> WycheproofTally {
        try run(
            load(name, parameters: Parameters.self, input: Input.self), named: name,
            acceptable: decisions, deviations: deviations, sourceLocation: sourceLocation, body)
    }

    /// `run(_:…)` over an already decoded file (the driver's own tests feed it small
    /// in-memory files).
    @discardableResult
    static func run<Parameters: Decodable, Input: Decodable>(
        _ file: WycheproofFile<Parameters, Input>,
        named name: String,
        acceptable decisions: [String: WycheproofOutcome] = [:],
        deviations: [WycheproofDeviation<Parameters, Input>] = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (Parameters, WycheproofCase<Input>) throws -> WycheproofOutcome
    ) -> WycheproofTally {
        var tally = WycheproofTally(file: name, numberOfTests: file.numberOfTests)

        for group in file.testGroups {
            for testCase in group.tests {
                tally.casesRun += 1

                // 1. What the test requires for this case, and why.
                let expected: WycheproofOutcome
                var why = ""
                let deviation = deviations.first { $0.applies(group.parameters, testCase) }
                switch testCase.result {
                case .valid: tally.valid += 1; expected = .accepted
                case .invalid: tally.invalid += 1; expected = .rejected
                case .acceptable:
                    tally.acceptable += 1
                    let chosen = Set(testCase.flags.compactMap { decisions[$0] })
                    guard chosen.count == 1, let decision = chosen.first else {
                        tally.mismatches += 1
                        Issue.record(
                            "\(name) \(testCase.label): acceptable case is \(chosen.isEmpty ? "not decided by any flag" : "decided both ways by its flags"); add its flag to the test's decision table with the reason",
                            sourceLocation: sourceLocation)
                        continue
                    }
                    expected = decision
                    why = " (acceptable; decided \(decision) by flag)"
                    if decision == .accepted { tally.acceptableAccepted += 1 } else { tally.acceptableRejected += 1 }
                }
                let required: WycheproofOutcome
                if let deviation {
                    guard testCase.result != .acceptable else {
                        tally.mismatches += 1
                        Issue.record(
                            "\(name) \(testCase.label): a deviation matched an acceptable case; decide acceptable cases by flag instead",
                            sourceLocation: sourceLocation)
                        continue
                    }
                    tally.deviated += 1
                    required = deviation.expected
                    why = " (deviation from the file's verdict: \(deviation.reason))"
                } else {
                    required = expected
                }

                // 2. What the implementation did.
                let outcome: WycheproofOutcome
                var detail = ""
                do {
                    outcome = try body(group.parameters, testCase)
                } catch {
                    outcome = .rejected
                    detail = "; error: \(String(describing: error))"
                }
                if outcome == .accepted { tally.accepted += 1 } else { tally.rejected += 1 }

                // 3. Compare.
                if outcome != required {
                    tally.mismatches += 1
                    Issue.record(
                        "\(name) \(testCase.label): expected \(required)\(why), got \(outcome)\(detail)",
                        sourceLocation: sourceLocation)
                }
            }
        }

        #expect(
            tally.casesRun == file.numberOfTests,
            "\(name): ran \(tally.casesRun) cases but the file declares numberOfTests = \(file.numberOfTests)",
            sourceLocation: sourceLocation)
        if ProcessInfo.processInfo.environment["WYCHEPROOF_SUMMARY"] != nil {
            print("[Wycheproof] \(tally)")
        }
        return tally
    }
}
