import ASN1DER
import Attestation
import Foundation
import Testing

/// The KeyDescription parser: Android's schema, strictly, with the leniencies real devices
/// need (tags out of order, BER TRUE), and no trap on any input.
@Suite("Android KeyDescription parser")
struct AndroidKeyDescriptionParserTests {
    /// A KeyDescription written field by field; the lists' entries come from the closures.
    static func keyDescription(
        version: Int = 200, attestationLevel: Int = 1, keyMintLevel: Int = 1, challenge: String = "challenge",
        extraField: Bool = false,
        software: (inout DERWriter) -> Void = { _ in },
        hardware: (inout DERWriter) -> Void = { _ in }
    ) -> [UInt8] {
        var writer = DERWriter()
        writer.constructed { fields in
            fields.integer(version)
            fields.integer(attestationLevel, tag: .enumerated)
            fields.integer(version)
            fields.integer(keyMintLevel, tag: .enumerated)
            fields.octetString(Array(challenge.utf8))
            fields.octetString([UInt8]())
            fields.constructed { software(&$0) }
            fields.constructed { hardware(&$0) }
            if extraField { fields.integer(0) }
        }
        return writer.bytes
    }

    /// `[tag] EXPLICIT INTEGER value`.
    static func integer(_ tag: UInt32, _ value: Int) -> (inout DERWriter) -> Void {
        { writer in writer.constructed(.context(tag)) { $0.integer(value) } }
    }

    /// A RootOfTrust whose deviceLocked BOOLEAN has the content bytes `locked`.
    static func rootOfTrust(locked: [UInt8], state: Int = 0) -> (inout DERWriter) -> Void {
        { writer in
            writer.constructed(.context(704)) { tagged in
                tagged.constructed { fields in
                    fields.octetString([UInt8](repeating: 0x11, count: 32))
                    fields.element(.boolean, content: locked)
                    fields.integer(state, tag: .enumerated)
                    fields.octetString([UInt8](repeating: 0x22, count: 32))
                }
            }
        }
    }

    @Test("reads every field of a KeyMint 2 description")
    func readsFields() throws {
        let bytes = Self.keyDescription(hardware: { list in
            list.constructed(.context(1)) {
                $0.constructed(.set) {
                    $0.integer(2); $0.integer(3)
                }
            }
            Self.integer(2, 3)(&list)
            Self.integer(10, 1)(&list)
            list.constructed(.context(503)) { $0.null() }
            Self.integer(702, 0)(&list)
            Self.rootOfTrust(locked: [0xFF])(&list)
        })
        let description = try KeyDescription(extensionValue: bytes)
        #expect(description.attestationVersion == 200)
        #expect(description.attestationSecurityLevel == .trustedEnvironment)
        #expect(description.keyMintSecurityLevel == .trustedEnvironment)
        #expect(description.attestationChallenge == Data("challenge".utf8))
        #expect(description.hardwareEnforced.purposes == [2, 3])
        #expect(description.hardwareEnforced.algorithm == 3)
        #expect(description.hardwareEnforced.ecCurve == 1)
        #expect(description.hardwareEnforced.noAuthRequired)
        #expect(description.hardwareEnforced.origin == 0)
        #expect(description.hardwareEnforced.rootOfTrust?.isVerifiedAndLocked == true)
        #expect(description.hardwareEnforced.tagOrder == [1, 2, 10, 503, 702, 704])
        #expect(description.softwareEnforced.tagOrder.isEmpty)
    }

    @Test("accepts AuthorizationList tags out of ascending order and records the order (quirk tags-not-ascending)")
    func tagsOutOfOrder() throws {
        let bytes = Self.keyDescription(hardware: { list in
            Self.integer(702, 0)(&list)
            Self.integer(2, 3)(&list)
        })
        #expect(try KeyDescription(extensionValue: bytes).hardwareEnforced.tagOrder == [702, 2])
    }

    @Test(
        "reads deviceLocked BER-leniently: 01 is true, 00 false (quirk ber-boolean-device-locked)",
        arguments: [([0x01], true), ([0xFF], true), ([0x80], true), ([0x00], false)] as [([UInt8], Bool)])
    func berBoolean(content: [UInt8], locked: Bool) throws {
        let bytes = Self.keyDescription(hardware: Self.rootOfTrust(locked: content))
        #expect(try KeyDescription(extensionValue: bytes).hardwareEnforced.rootOfTrust?.deviceLocked == locked)
    }

    @Test(
        "refuses what Android's schema does not allow",
        arguments: [
            ("an unknown AuthorizationList tag", keyDescription(hardware: integer(999, 1))),
            (
                "a tag that appears twice",
                keyDescription(hardware: {
                    integer(2, 3)(&$0); integer(2, 1)(&$0)
                })
            ),
            ("an implicit (primitive) context tag", keyDescription(hardware: { $0.element(.context(2, constructed: false), content: [3]) })),
            ("a value of the wrong type", keyDescription(hardware: { w in w.constructed(.context(2)) { $0.octetString([3]) } })),
            (
                "two values in one tag",
                keyDescription(hardware: { w in
                    w.constructed(.context(2)) {
                        $0.integer(3); $0.integer(3)
                    }
                })
            ),
            ("a NULL flag with content", keyDescription(hardware: { w in w.constructed(.context(503)) { $0.element(.null, content: [0]) } })),
            ("a BOOLEAN of two bytes", keyDescription(hardware: rootOfTrust(locked: [0x01, 0x01]))),
            ("an empty BOOLEAN", keyDescription(hardware: rootOfTrust(locked: []))),
            ("verifiedBootState 4", keyDescription(hardware: rootOfTrust(locked: [0xFF], state: 4))),
            ("attestation version 5", keyDescription(version: 5)),
            ("attestation version 600", keyDescription(version: 600)),
            ("security level 3", keyDescription(attestationLevel: 3)),
            ("a negative security level", keyDescription(keyMintLevel: -1)),
            ("a ninth field", keyDescription(extraField: true)),
            ("an attestationApplicationId that is not DER", keyDescription(software: { w in w.constructed(.context(709)) { $0.octetString([0x30, 0x05]) } })),
            (
                "an integer wider than 64 bits",
                keyDescription(hardware: { w in w.constructed(.context(701)) { $0.element(.integer, content: [0x01] + [UInt8](repeating: 0, count: 9)) } })
            ),
        ] as [(String, [UInt8])])
    func refuses(what: String, bytes: [UInt8]) {
        #expect(throws: KeyDescriptionError.self, "\(what)") { try KeyDescription(extensionValue: bytes) }
    }

    @Test("refuses trailing bytes after the KeyDescription")
    func trailingBytes() {
        #expect(throws: KeyDescriptionError.self) { try KeyDescription(extensionValue: Self.keyDescription() + [0x00]) }
    }

    @Test("reads the attestationApplicationId's packages and signing digests")
    func applicationId() throws {
        var inner = DERWriter()
        inner.constructed { id in
            id.constructed(.set) { set in
                set.constructed {
                    $0.octetString(Array("com.example.bank".utf8)); $0.integer(42)
                }
            }
            id.constructed(.set) { $0.octetString([UInt8](repeating: 0xA5, count: 32)) }
        }
        let bytes = Self.keyDescription(software: { w in w.constructed(.context(709)) { $0.octetString(inner.bytes) } })
        let application = try #require(try KeyDescription(extensionValue: bytes).attestationApplicationId)
        #expect(application.packageNames == ["com.example.bank"])
        #expect(application.packageInfos.map(\.version) == [42])
        #expect(application.signatureDigests == [Data(repeating: 0xA5, count: 32)])
        #expect(application.der == Data(inner.bytes))
    }

    @Test("never traps: every truncation and many one-byte changes of real extensions only throw or parse")
    func neverTraps() throws {
        var seen = Set<[UInt8]>()
        for file in AndroidVector.names.prefix(24) {
            let vector = try AndroidVector(file)
            guard let base64 = vector.expected["key_description_der_b64"] as? String,
                let value = Data(base64Encoded: base64).map(Array.init), seen.insert(value).inserted
            else { continue }
            for length in 0..<value.count { _ = try? KeyDescription(extensionValue: Array(value[..<length])) }
            for index in value.indices {
                for replacement: UInt8 in [0xFF, value[index] ^ 0x80] {
                    var mutated = value
                    mutated[index] = replacement
                    _ = try? KeyDescription(extensionValue: mutated)
                }
            }
        }
        #expect(seen.count > 5)
    }

    @Test("refuses input over 64 KiB and nesting over 16 levels without trapping")
    func bounded() {
        #expect(throws: KeyDescriptionError.self) { try KeyDescription(extensionValue: [UInt8](repeating: 0x30, count: 70_000)) }
        let deep = [UInt8](repeating: 0x30, count: 1) + [0x80] + [UInt8](repeating: 0x30, count: 5000)
        #expect(throws: KeyDescriptionError.self) { try KeyDescription(extensionValue: deep) }
        var nested: [UInt8] = [0x05, 0x00]
        for _ in 0..<40 { nested = [0x30, UInt8(nested.count)] + nested }
        #expect(throws: KeyDescriptionError.self) { try KeyDescription(extensionValue: nested) }
    }
}
