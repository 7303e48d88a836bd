import Attestation
import Foundation
import Testing

/// Google's attestation status list, read into the serials to refuse.
@Suite("Android revocation status list")
struct AndroidRevocationListTests {
    static func sample(_ file: String) throws -> Data {
        try Data(contentsOf: AndroidVector.directory.appendingPathComponent(file))
    }

    @Test("reads developer.android.com's example: REVOKED and SUSPENDED both count")
    func developerExample() throws {
        let list = try AndroidRevocationList(json: Self.sample("status-list-example-developer-android-com.json"))
        #expect(list.entries == ["2c8cdddfd5e03bfc": .revoked, "c8966fcb2fbb0d7a": .suspended])
        #expect(list.revokedSerials == ["2c8cdddfd5e03bfc", "c8966fcb2fbb0d7a"])
    }

    @Test("reads google/android-key-attestation's test list")
    func googleTestList() throws {
        let list = try AndroidRevocationList(json: Self.sample("status-list-google-android-key-attestation-test.json"))
        #expect(list.revokedSerials.count == 5)
        #expect(list.entries["cc66e9a93713b6e643b26c15879786f7"] == .suspended)
        #expect(list.entries["6681152659205225093"] == .revoked)
    }

    @Test("normalises serials to lowercase without leading zeros; an unknown status still counts")
    func normalises() throws {
        let json = #"{"entries": {"00ABCdef": {"status": "REVOKED"}, "12": {"status": "QUARANTINED"}}}"#
        let list = try AndroidRevocationList(json: Data(json.utf8))
        #expect(list.revokedSerials == ["abcdef", "12"])
        #expect(list.entries["12"] == .other("QUARANTINED"))
    }

    @Test(
        "refuses what is not a status list",
        arguments: [
            "", "[]", "{}", #"{"entries": []}"#, #"{"entries": {"xyz": {"status": "REVOKED"}}}"#,
            #"{"entries": {"ab": {}}}"#, #"{"entries": {"ab": "REVOKED"}}"#, #"{"entries": {"": {"status": "REVOKED"}}}"#,
        ])
    func refuses(json: String) {
        #expect(throws: AttestationError(code: .malformed)) { try AndroidRevocationList(json: Data(json.utf8)) }
    }
}
