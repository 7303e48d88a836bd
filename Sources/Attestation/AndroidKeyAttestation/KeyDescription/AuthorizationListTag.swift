import Foundation

/// The AuthorizationList tags Android defines (EXPLICIT context tags), and how each is
/// read. A tag that is not here is refused: an unknown tag could carry a restriction the
/// verifier would silently ignore.
enum AuthorizationListTag {
    case integerSet(WritableKeyPath<AuthorizationList, [Int]?>)
    case integer(WritableKeyPath<AuthorizationList, Int?>)
    case flag(WritableKeyPath<AuthorizationList, Bool>)
    case octetString(WritableKeyPath<AuthorizationList, Data?>)
    case rootOfTrust
    case attestationApplicationId

    /// How to read tag `number`, or nil when Android defines no such tag.
    static func known(_ number: UInt32) -> AuthorizationListTag? {
        switch number {
        case 1: .integerSet(\.purposes)
        case 2: .integer(\.algorithm)
        case 3: .integer(\.keySize)
        case 4: .integerSet(\.blockModes)
        case 5: .integerSet(\.digests)
        case 6: .integerSet(\.paddings)
        case 10: .integer(\.ecCurve)
        case 11: .integer(\.mlDsaVariant)
        case 200: .integer(\.rsaPublicExponent)
        case 203: .integerSet(\.mgfDigests)
        case 303: .flag(\.rollbackResistance)
        case 305: .flag(\.earlyBootOnly)
        case 400: .integer(\.activeDateTime)
        case 401: .integer(\.originationExpireDateTime)
        case 402: .integer(\.usageExpireDateTime)
        case 405: .integer(\.usageCountLimit)
        case 503: .flag(\.noAuthRequired)
        case 504: .integer(\.userAuthType)
        case 505: .integer(\.authTimeout)
        case 506: .flag(\.allowWhileOnBody)
        case 507: .flag(\.trustedUserPresenceRequired)
        case 508: .flag(\.trustedConfirmationRequired)
        case 509: .flag(\.unlockedDeviceRequired)
        case 701: .integer(\.creationDateTime)
        case 702: .integer(\.origin)
        case 703: .flag(\.rollbackResistant)
        case 704: .rootOfTrust
        case 705: .integer(\.osVersion)
        case 706: .integer(\.osPatchLevel)
        case 709: .attestationApplicationId
        case 710: .octetString(\.attestationIdBrand)
        case 711: .octetString(\.attestationIdDevice)
        case 712: .octetString(\.attestationIdProduct)
        case 713: .octetString(\.attestationIdSerial)
        case 714: .octetString(\.attestationIdImei)
        case 715: .octetString(\.attestationIdMeid)
        case 716: .octetString(\.attestationIdManufacturer)
        case 717: .octetString(\.attestationIdModel)
        case 718: .integer(\.vendorPatchLevel)
        case 719: .integer(\.bootPatchLevel)
        case 720: .flag(\.deviceUniqueAttestation)
        case 723: .octetString(\.attestationIdSecondImei)
        case 724: .octetString(\.moduleHash)
        default: nil
        }
    }
}
