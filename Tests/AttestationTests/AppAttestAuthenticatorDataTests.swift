@testable import Attestation
import Foundation
import Testing

/// The authenticator data layout: fixed fields, attested credential data, the COSE key,
/// and Apple's extension map that may follow it with or without flag ED.
@Suite("App Attest authenticator data")
struct AppAttestAuthenticatorDataTests {
    /// The map iOS 27 appends after the COSE key (Apple's 2026 guide sample):
    /// `{"apple_bundle_version_01": "1", "apple_validation_category_01": h'01000000'}`.
    static let appleExtensionMap: [UInt8] = CBORTestEncoding.encode(
        .map(
            CBORMap(entries: [
                .init(key: .textString("apple_bundle_version_01"), value: .textString("1")),
                .init(key: .textString("apple_validation_category_01"), value: .byteString([1, 0, 0, 0])),
            ])))

    /// The authenticator data of a real 2020 attestation (164 bytes, flags 0x40).
    static func realAuthenticatorData() throws -> [UInt8] {
        let vector = try #require(AppAttestVectors.attestation("webauthn4j-kayak-prod-2020"))
        let object = try #require(try CBORDecoder.decode([UInt8](vector.attestation)).mapValue)
        return try #require(object[text: "authData"]?.byteStringValue)
    }

    @Test("a real attestation's authenticator data parses into its fields")
    func realLayout() throws {
        let bytes = try Self.realAuthenticatorData()
        #expect(bytes.count == 164)
        let data = try AuthenticatorData(bytes, kind: .attestation)
        #expect(data.flags == 0x40)
        #expect(data.counter == 0)
        #expect(data.attestedCredential?.aaguid == [UInt8](AppAttestVerifier.Environment.production.aaguid))
        #expect(data.attestedCredential?.credentialID.count == 32)
        #expect(data.extensions == nil)
        let key = try COSEP256Key(try #require(data.attestedCredential?.publicKey))
        #expect(key.x963Representation.count == 65)
    }

    @Test("the extension map Apple appends after the COSE key is accepted with flag ED clear (iOS 27, 226 bytes)")
    func extensionMapWithoutED() throws {
        let bytes = try Self.realAuthenticatorData() + Self.appleExtensionMap
        #expect(bytes.count == 226)
        let data = try AuthenticatorData(bytes, kind: .attestation)
        #expect(data.flags & AuthenticatorData.extensionDataFlag == 0)
        #expect(data.extensions?[text: "apple_bundle_version_01"] == .textString("1"))
    }

    @Test("with flag ED set, the extension map is read, and required")
    func extensionMapWithED() throws {
        var withFlag = try Self.realAuthenticatorData()
        withFlag[32] |= AuthenticatorData.extensionDataFlag
        let data = try AuthenticatorData(withFlag + Self.appleExtensionMap, kind: .attestation)
        #expect(data.extensions?.count == 2)
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(withFlag, kind: .attestation) }
    }

    @Test("bytes after the extension map are refused")
    func trailingBytesAfterExtensionMap() throws {
        let bytes = try Self.realAuthenticatorData() + Self.appleExtensionMap + [0x00]
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(bytes, kind: .attestation) }
        let twoMaps = try Self.realAuthenticatorData() + Self.appleExtensionMap + Self.appleExtensionMap
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(twoMaps, kind: .attestation) }
    }

    @Test(
        "trailing bytes that are not a CBOR map are refused",
        arguments: [
            [0x00], [0x80], [0x41, 0x00], [0xA1], [0xFF],
        ] as [[UInt8]])
    func trailingNonMap(_ trailer: [UInt8]) throws {
        let bytes = try Self.realAuthenticatorData() + trailer
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(bytes, kind: .attestation) }
    }

    @Test("authenticator data cut short anywhere is refused")
    func truncated() throws {
        let bytes = try Self.realAuthenticatorData()
        for length in 0..<bytes.count {
            #expect(throws: AttestationError(code: .malformed), "cut at \(length)") {
                try AuthenticatorData(Array(bytes.prefix(length)), kind: .attestation)
            }
        }
    }

    @Test("a credential id length beyond the data is refused")
    func credentialIDLength() throws {
        var bytes = try Self.realAuthenticatorData()
        bytes[53] = 0xFF
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(bytes, kind: .attestation) }
    }

    @Test("an attestation's authenticator data with flag AT clear is refused")
    func attestedCredentialFlagClear() throws {
        var bytes = try Self.realAuthenticatorData()
        bytes[32] = 0x00
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(bytes, kind: .attestation) }
    }

    @Test("an assertion's 37 bytes parse with flag AT set and no credential data; an extension map may follow")
    func assertionLayout() throws {
        let bytes = Array(try Self.realAuthenticatorData().prefix(37))
        let data = try AuthenticatorData(bytes, kind: .assertion)
        #expect(data.attestedCredential == nil && data.extensions == nil)
        #expect(try AuthenticatorData(bytes + Self.appleExtensionMap, kind: .assertion).extensions?.count == 2)
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(bytes + [0x00], kind: .assertion) }
        #expect(throws: AttestationError(code: .malformed)) { try AuthenticatorData(Array(bytes.prefix(36)), kind: .assertion) }
    }

    @Test(
        "a COSE key that is not exactly EC2 / ES256 / P-256 with 32-byte coordinates is refused",
        arguments: [
            (1, CBORValue.integer(3)), (3, .integer(-35)), (-1, .integer(2)),
            (-2, .byteString([UInt8](repeating: 1, count: 31))), (-3, .byteString([UInt8](repeating: 1, count: 33))),
            (-4, .byteString([UInt8](repeating: 1, count: 32))),
        ])
    func coseKeyShape(label: Int, value: CBORValue) throws {
        let data = try AuthenticatorData(try Self.realAuthenticatorData(), kind: .attestation)
        let key = try #require(data.attestedCredential?.publicKey.mapValue)
        var entries = key.entries.filter { $0.key != .integer(label) }
        entries.append(.init(key: .integer(label), value: value))
        #expect(throws: AttestationError(code: .keyType)) { try COSEP256Key(.map(CBORMap(entries: entries))) }
    }
}
