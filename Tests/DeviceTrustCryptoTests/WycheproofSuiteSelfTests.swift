import Foundation
import Testing

/// The driver's own guarantees: a Wycheproof test that passes means something only if
/// `Wycheproof.run` really reports every wrong outcome, every undecided acceptable case
/// and every file whose case count does not add up.
@Suite("Wycheproof driver: mismatches are never silent")
struct WycheproofSuiteSelfTests {
    private struct NoParameters: Decodable {}
    private struct NoInput: Decodable {}

    /// Counts the issues a known-issue block records.
    private final class IssueCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var issues: [String] = []
        func add(_ issue: Issue) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            issues.append(String(describing: issue))
            return true
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return issues
        }
    }

    private static func file(numberOfTests: Int, _ cases: [(Int, String, [String])]) throws -> WycheproofFile<NoParameters, NoInput> {
        let tests = cases.map { id, result, flags in
            #"{"tcId": \#(id), "comment": "case \#(id)", "flags": [\#(flags.map { "\"\($0)\"" }.joined(separator: ","))], "result": "\#(result)"}"#
        }
        let json = #"{"algorithm": "TEST", "numberOfTests": \#(numberOfTests), "testGroups": [{"tests": [\#(tests.joined(separator: ","))]}]}"#
        return try JSONDecoder().decode(WycheproofFile<NoParameters, NoInput>.self, from: Data(json.utf8))
    }

    @Test("The driver records one issue, naming the tcId, for each valid case rejected and each invalid case accepted")
    func wrongOutcomesAreReported() throws {
        let file = try Self.file(numberOfTests: 4, [(1, "valid", []), (2, "invalid", []), (3, "valid", []), (4, "invalid", [])])
        let counter = IssueCounter()
        withKnownIssue {
            let tally = Wycheproof.run(file, named: "self-test") { _, testCase in
                testCase.tcId <= 2 ? (testCase.result == .valid ? .rejected : .accepted) : (testCase.result == .valid ? .accepted : .rejected)
            }
            #expect(tally.mismatches == 2)
        } matching: {
            counter.add($0)
        }
        let issues = counter.all
        #expect(issues.count == 2)
        #expect(issues.contains { $0.contains("tcId 1 (valid") && $0.contains("expected accepted") })
        #expect(issues.contains { $0.contains("tcId 2 (invalid") && $0.contains("expected rejected") })
    }

    @Test("The driver counts a thrown error as a rejection and quotes it when the case was valid")
    func thrownErrorsAreRejections() throws {
        let file = try Self.file(numberOfTests: 2, [(1, "valid", []), (2, "invalid", [])])
        let counter = IssueCounter()
        withKnownIssue {
            Wycheproof.run(file, named: "self-test") { _, _ in throw WycheproofMismatch("boom") }
        } matching: {
            counter.add($0)
        }
        #expect(counter.all.count == 1)
        #expect(counter.all.first?.contains("boom") == true)
    }

    @Test("The driver reports an acceptable case that no flag decides, or that its flags decide both ways")
    func acceptableCasesMustBeDecided() throws {
        let file = try Self.file(
            numberOfTests: 3, [(1, "acceptable", ["Decided"]), (2, "acceptable", ["Unknown"]), (3, "acceptable", ["Yes", "No"])])
        let counter = IssueCounter()
        withKnownIssue {
            let tally = Wycheproof.run(file, named: "self-test", acceptable: ["Decided": .accepted, "Yes": .accepted, "No": .rejected]) { _, _ in
                .accepted
            }
            #expect(tally.acceptableAccepted == 1)
        } matching: {
            counter.add($0)
        }
        #expect(counter.all.count == 2)
        #expect(counter.all.contains { $0.contains("tcId 2") && $0.contains("not decided") })
        #expect(counter.all.contains { $0.contains("tcId 3") && $0.contains("both ways") })
    }

    @Test("The driver reports a file whose cases do not add up to numberOfTests")
    func caseCountMustMatch() throws {
        let file = try Self.file(numberOfTests: 3, [(1, "valid", []), (2, "invalid", [])])
        let counter = IssueCounter()
        withKnownIssue {
            Wycheproof.run(file, named: "self-test") { _, testCase in testCase.result == .valid ? .accepted : .rejected }
        } matching: {
            counter.add($0)
        }
        #expect(counter.all.count == 1)
        #expect(counter.all.first?.contains("numberOfTests = 3") == true)
    }

    @Test("The hex decoder is strict: odd lengths and non-hex digits are refused")
    func hexDecoderIsStrict() {
        #expect(HexBytes.decode("") == [])
        #expect(HexBytes.decode("00fFa1") == [0x00, 0xff, 0xa1])
        #expect(HexBytes.decode("abc") == nil)
        #expect(HexBytes.decode("zz") == nil)
        #expect(HexBytes.decode("0x") == nil)
    }
}
