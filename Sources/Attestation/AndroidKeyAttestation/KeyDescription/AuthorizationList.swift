import Foundation

/// The key's properties as one party enforces them (`AuthorizationList`): the secure
/// hardware (`hardwareEnforced`) or Android itself (`softwareEnforced`).
///
/// Every tag of Android's schema up to attestation version 500 is a typed property; an
/// absent tag is `nil` (or `false` for the NULL-valued flags). The parser refuses tags it
/// does not know, so a property missing here cannot hide a restriction.
public struct AuthorizationList: Sendable, Hashable {
    /// `purpose` [1]: 0 ENCRYPT, 1 DECRYPT, 2 SIGN, 3 VERIFY, 5 WRAP_KEY, 6 AGREE_KEY, 7 ATTEST_KEY.
    public internal(set) var purposes: [Int]?
    /// `algorithm` [2]: 1 RSA, 3 EC, 32 AES, 128 HMAC, 4 ML-DSA (attestation version 500).
    public internal(set) var algorithm: Int?
    /// `keySize` [3], in bits.
    public internal(set) var keySize: Int?
    /// `blockMode` [4].
    public internal(set) var blockModes: [Int]?
    /// `digest` [5]: 4 is SHA-256.
    public internal(set) var digests: [Int]?
    /// `padding` [6].
    public internal(set) var paddings: [Int]?
    /// `ecCurve` [10]: 0 P-224, 1 P-256, 2 P-384, 3 P-521, 4 Curve25519.
    public internal(set) var ecCurve: Int?
    /// `mlDsaVariant` [11].
    public internal(set) var mlDsaVariant: Int?
    /// `rsaPublicExponent` [200].
    public internal(set) var rsaPublicExponent: Int?
    /// `mgfDigest` [203].
    public internal(set) var mgfDigests: [Int]?
    /// `rollbackResistance` [303] (KeyMint).
    public internal(set) var rollbackResistance = false
    /// `earlyBootOnly` [305].
    public internal(set) var earlyBootOnly = false
    /// `activeDateTime` [400], milliseconds since 1970.
    public internal(set) var activeDateTime: Int?
    /// `originationExpireDateTime` [401], milliseconds since 1970.
    public internal(set) var originationExpireDateTime: Int?
    /// `usageExpireDateTime` [402], milliseconds since 1970.
    public internal(set) var usageExpireDateTime: Int?
    /// `usageCountLimit` [405].
    public internal(set) var usageCountLimit: Int?
    /// `noAuthRequired` [503]: the key can be used without user authentication.
    public internal(set) var noAuthRequired = false
    /// `userAuthType` [504]: a bitmask, 1 password, 2 biometric.
    public internal(set) var userAuthType: Int?
    /// `authTimeout` [505], in seconds: one authentication unlocks the key for this long.
    public internal(set) var authTimeout: Int?
    /// `allowWhileOnBody` [506].
    public internal(set) var allowWhileOnBody = false
    /// `trustedUserPresenceRequired` [507].
    public internal(set) var trustedUserPresenceRequired = false
    /// `trustedConfirmationRequired` [508].
    public internal(set) var trustedConfirmationRequired = false
    /// `unlockedDeviceRequired` [509].
    public internal(set) var unlockedDeviceRequired = false
    /// `creationDateTime` [701], milliseconds since 1970, as the device's clock said: not a clock to trust.
    public internal(set) var creationDateTime: Int?
    /// `origin` [702]: 0 GENERATED, 1 DERIVED, 2 IMPORTED, 3 UNKNOWN, 4 SECURELY_IMPORTED.
    public internal(set) var origin: Int?
    /// `rollbackResistant` [703] (Keymaster).
    public internal(set) var rollbackResistant = false
    /// `rootOfTrust` [704].
    public internal(set) var rootOfTrust: RootOfTrust?
    /// `osVersion` [705], e.g. 130000 for Android 13.
    public internal(set) var osVersion: Int?
    /// `osPatchLevel` [706], YYYYMM.
    public internal(set) var osPatchLevel: Int?
    /// `attestationApplicationId` [709].
    public internal(set) var attestationApplicationId: AttestationApplicationId?
    /// `attestationIdBrand` [710].
    public internal(set) var attestationIdBrand: Data?
    /// `attestationIdDevice` [711].
    public internal(set) var attestationIdDevice: Data?
    /// `attestationIdProduct` [712].
    public internal(set) var attestationIdProduct: Data?
    /// `attestationIdSerial` [713].
    public internal(set) var attestationIdSerial: Data?
    /// `attestationIdImei` [714].
    public internal(set) var attestationIdImei: Data?
    /// `attestationIdMeid` [715].
    public internal(set) var attestationIdMeid: Data?
    /// `attestationIdManufacturer` [716].
    public internal(set) var attestationIdManufacturer: Data?
    /// `attestationIdModel` [717].
    public internal(set) var attestationIdModel: Data?
    /// `vendorPatchLevel` [718], YYYYMMDD.
    public internal(set) var vendorPatchLevel: Int?
    /// `bootPatchLevel` [719], YYYYMMDD.
    public internal(set) var bootPatchLevel: Int?
    /// `deviceUniqueAttestation` [720].
    public internal(set) var deviceUniqueAttestation = false
    /// `attestationIdSecondImei` [723].
    public internal(set) var attestationIdSecondImei: Data?
    /// `moduleHash` [724].
    public internal(set) var moduleHash: Data?

    /// The tag numbers in the order they were encoded (Android requires ascending order;
    /// some devices do not keep to it, and the parser accepts that).
    public internal(set) var tagOrder: [Int] = []

    init() {}
}

extension AuthorizationList {
    /// `purpose` value SIGN.
    public static let purposeSign = 2
    /// `algorithm` value EC.
    public static let algorithmEC = 3
    /// `ecCurve` value P-256.
    public static let curveP256 = 1
    /// `origin` value GENERATED: the key was made inside the secure hardware.
    public static let originGenerated = 0
    /// The `userAuthType` bit for biometric authentication (`FINGERPRINT` in the HAL).
    public static let userAuthBiometric = 2
}
