import ASN1DER
import Foundation

/// The content of Android's key attestation extension (OID 1.3.6.1.4.1.11129.2.1.17):
/// what the secure hardware says about the attested key.
///
/// ```
/// KeyDescription ::= SEQUENCE {
///     attestationVersion         INTEGER,     -- 1…4 Keymaster, 100…500 KeyMint
///     attestationSecurityLevel   SecurityLevel,
///     keyMintVersion             INTEGER,     -- keymasterVersion before KeyMint
///     keyMintSecurityLevel       SecurityLevel,
///     attestationChallenge       OCTET STRING,
///     uniqueId                   OCTET STRING,
///     softwareEnforced           AuthorizationList,
///     hardwareEnforced           AuthorizationList }
/// ```
///
/// The parser is strict and bounded (it reads through ``DERReader``: 64 KiB, 16 levels) and
/// never traps. It refuses unknown attestation versions and unknown AuthorizationList
/// tags. It accepts what real devices do: tags out of ascending order, and a BER `TRUE`
/// (`01`) for `deviceLocked`.
public struct KeyDescription: Sendable, Hashable {
    /// The attestation versions this parser knows: Keymaster 1 to 4, KeyMint 100 to 500.
    public static let supportedAttestationVersions: Set<Int> = [1, 2, 3, 4, 100, 200, 300, 400, 500]

    /// The schema version, e.g. 3 (Keymaster 3) or 200 (KeyMint 2).
    public let attestationVersion: Int
    /// Where the attestation was made (signed).
    public let attestationSecurityLevel: AndroidSecurityLevel
    /// The Keymaster or KeyMint version.
    public let keyMintVersion: Int
    /// Where the key lives.
    public let keyMintSecurityLevel: AndroidSecurityLevel
    /// The challenge the app passed when it generated the key.
    public let attestationChallenge: Data
    /// A privacy-preserving device identifier (usually empty).
    public let uniqueId: Data
    /// The properties Android's keystore enforces.
    public let softwareEnforced: AuthorizationList
    /// The properties the secure hardware enforces: the ones to rely on.
    public let hardwareEnforced: AuthorizationList

    /// Parses the extension value (the DER inside `extnValue`); it must be exactly one
    /// KeyDescription with nothing after it.
    ///
    /// - Throws: ``KeyDescriptionError`` naming the byte and the rule it broke.
    public init(extensionValue: [UInt8]) throws {
        do {
            self = try KeyDescription.parse(extensionValue)
        } catch {
            throw KeyDescriptionError(error.reason, at: error.offset)
        }
    }

    private init(
        attestationVersion: Int, attestationSecurityLevel: AndroidSecurityLevel, keyMintVersion: Int,
        keyMintSecurityLevel: AndroidSecurityLevel, attestationChallenge: Data, uniqueId: Data,
        softwareEnforced: AuthorizationList, hardwareEnforced: AuthorizationList
    ) {
        self.attestationVersion = attestationVersion
        self.attestationSecurityLevel = attestationSecurityLevel
        self.keyMintVersion = keyMintVersion
        self.keyMintSecurityLevel = keyMintSecurityLevel
        self.attestationChallenge = attestationChallenge
        self.uniqueId = uniqueId
        self.softwareEnforced = softwareEnforced
        self.hardwareEnforced = hardwareEnforced
    }

    private static func parse(_ bytes: [UInt8]) throws(DERError) -> KeyDescription {
        var reader = try DERReader(bytes)
        let description = try reader.readConstructed { (fields) throws(DERError) in
            let versionAt = fields.offset
            let version = try fields.readInteger(Int.self)
            guard supportedAttestationVersions.contains(version) else {
                throw DERError(.invalidContent, at: versionAt, "attestation version \(version) is not one of 1–4 or 100–500")
            }
            let attestationLevel = try readSecurityLevel(&fields)
            let keyMintVersion = try fields.readInteger(Int.self)
            let keyMintLevel = try readSecurityLevel(&fields)
            let challenge = Data(try fields.readOctetString())
            let uniqueId = Data(try fields.readOctetString())
            let software = try AuthorizationListParser.parse(&fields)
            let hardware = try AuthorizationListParser.parse(&fields)
            return KeyDescription(
                attestationVersion: version, attestationSecurityLevel: attestationLevel, keyMintVersion: keyMintVersion,
                keyMintSecurityLevel: keyMintLevel, attestationChallenge: challenge, uniqueId: uniqueId,
                softwareEnforced: software, hardwareEnforced: hardware
            )
        }
        try reader.finish("the KeyDescription")
        return description
    }

    private static func readSecurityLevel(_ reader: inout DERReader) throws(DERError) -> AndroidSecurityLevel {
        let at = reader.offset
        let raw = try reader.readInteger(Int.self, tag: .enumerated)
        guard let level = AndroidSecurityLevel(rawValue: raw) else {
            throw DERError(.invalidContent, at: at, "security level \(raw) is not 0, 1 or 2")
        }
        return level
    }
}

extension KeyDescription {
    /// The app identity the attestation names: the hardware-enforced one when present,
    /// else the software-enforced one (where Android puts it).
    public var attestationApplicationId: AttestationApplicationId? {
        hardwareEnforced.attestationApplicationId ?? softwareEnforced.attestationApplicationId
    }
}
