import Attestation
import Foundation
import Testing
import X509Certificates

/// Every vector's KeyDescription, parsed by our parser, says what the README's two
/// independent parsers (and Google's expected values) say: every tag of both lists.
@Suite("Android key attestation: every vector's KeyDescription")
struct AndroidVectorKeyDescriptionTests {
    @Test("parses into the vector's expected fields", arguments: AndroidVector.names)
    func fields(file: String) throws {
        let vector = try AndroidVector(file)
        let expected = vector.expected
        let extensionBase64 = try #require(expected["key_description_der_b64"] as? String)
        let extensionValue = try #require(Data(base64Encoded: extensionBase64))
        let leaf = try Certificate(der: try #require(vector.chain.first))
        #expect(leaf.extension("1.3.6.1.4.1.11129.2.1.17")?.value == Array(extensionValue))

        let description = try KeyDescription(extensionValue: Array(extensionValue))
        #expect(description.attestationVersion == expected["attestation_version"] as? Int)
        #expect(description.attestationSecurityLevel.description == expected["attestation_security_level"] as? String)
        #expect(description.keyMintVersion == expected["keymint_version"] as? Int)
        #expect(description.keyMintSecurityLevel.description == expected["keymint_security_level"] as? String)
        #expect(description.attestationChallenge.hex == expected["attestation_challenge_hex"] as? String)
        #expect(description.uniqueId.hex == expected["unique_id_hex"] as? String)

        for (side, list) in [("hardware_enforced", description.hardwareEnforced), ("software_enforced", description.softwareEnforced)] {
            let want = try canonicalJSON(try #require(expected[side]))
            let got = try canonicalJSON(AuthorizationListFields.dictionary(list))
            #expect(got == want, "\(file) \(side)")
            let order = (expected["tag_order"] as? [String: Any])?[side] as? [Int]
            #expect(list.tagOrder == order, "\(file) \(side) tag order")
        }
        let rootOfTrust = expected["root_of_trust"] as? [String: Any]
        #expect(
            try canonicalJSON(description.hardwareEnforced.rootOfTrust.map(AuthorizationListFields.dictionary) ?? NSNull())
                == canonicalJSON(rootOfTrust ?? NSNull()))
    }

    private func canonicalJSON(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }
}

/// An AuthorizationList as the vectors write it: keyed by ASN.1 field name, SET OF INTEGER
/// as sorted lists, NULL as `true`, IDs as UTF-8 text.
enum AuthorizationListFields {
    static func dictionary(_ list: AuthorizationList) -> [String: Any] {
        var fields: [String: Any] = [:]
        func set(_ name: String, _ value: [Int]?) { if let value { fields[name] = value.sorted() } }
        func int(_ name: String, _ value: Int?) { if let value { fields[name] = value } }
        func flag(_ name: String, _ value: Bool) { if value { fields[name] = true } }
        func text(_ name: String, _ value: Data?) { if let value { fields[name] = String(decoding: value, as: UTF8.self) } }
        set("purpose", list.purposes); int("algorithm", list.algorithm); int("keySize", list.keySize)
        set("blockMode", list.blockModes); set("digest", list.digests); set("padding", list.paddings)
        int("ecCurve", list.ecCurve); int("mlDsaVariant", list.mlDsaVariant); int("rsaPublicExponent", list.rsaPublicExponent)
        set("mgfDigest", list.mgfDigests); flag("rollbackResistance", list.rollbackResistance); flag("earlyBootOnly", list.earlyBootOnly)
        int("activeDateTime", list.activeDateTime); int("originationExpireDateTime", list.originationExpireDateTime)
        int("usageExpireDateTime", list.usageExpireDateTime); int("usageCountLimit", list.usageCountLimit)
        flag("noAuthRequired", list.noAuthRequired); int("userAuthType", list.userAuthType); int("authTimeout", list.authTimeout)
        flag("allowWhileOnBody", list.allowWhileOnBody); flag("trustedUserPresenceRequired", list.trustedUserPresenceRequired)
        flag("trustedConfirmationRequired", list.trustedConfirmationRequired); flag("unlockedDeviceRequired", list.unlockedDeviceRequired)
        int("creationDateTime", list.creationDateTime); int("origin", list.origin); flag("rollbackResistant", list.rollbackResistant)
        if let rootOfTrust = list.rootOfTrust { fields["rootOfTrust"] = dictionary(rootOfTrust) }
        int("osVersion", list.osVersion); int("osPatchLevel", list.osPatchLevel)
        if let application = list.attestationApplicationId {
            fields["attestationApplicationId"] =
                [
                    "package_infos": application.packageInfos.map { ["package_name": $0.name, "version": $0.version] as [String: Any] },
                    "signature_digests_hex": application.signatureDigests.map(\.hex),
                    "der_b64": application.der.base64EncodedString(),
                ] as [String: Any]
        }
        text("attestationIdBrand", list.attestationIdBrand); text("attestationIdDevice", list.attestationIdDevice)
        text("attestationIdProduct", list.attestationIdProduct); text("attestationIdSerial", list.attestationIdSerial)
        text("attestationIdImei", list.attestationIdImei); text("attestationIdMeid", list.attestationIdMeid)
        text("attestationIdManufacturer", list.attestationIdManufacturer); text("attestationIdModel", list.attestationIdModel)
        int("vendorPatchLevel", list.vendorPatchLevel); int("bootPatchLevel", list.bootPatchLevel)
        flag("deviceUniqueAttestation", list.deviceUniqueAttestation)
        text("attestationIdSecondImei", list.attestationIdSecondImei)
        if let hash = list.moduleHash { fields["moduleHash"] = hash.hex }
        return fields
    }

    static func dictionary(_ rootOfTrust: RootOfTrust) -> [String: Any] {
        var fields: [String: Any] = [
            "verified_boot_key_hex": rootOfTrust.verifiedBootKey.hex,
            "device_locked": rootOfTrust.deviceLocked,
            "verified_boot_state": rootOfTrust.verifiedBootState.description,
        ]
        if let hash = rootOfTrust.verifiedBootHash { fields["verified_boot_hash_hex"] = hash.hex }
        return fields
    }
}
