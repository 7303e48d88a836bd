import AuditKit

extension CryptoWeakRSAKey {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func makeSigningKey() throws -> SecKey? {
                    let attributes: [String: Any] = [
                        kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
                        ↓kSecAttrKeySizeInBits as String: 1024,
                    ]
                    return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
                }
                private let legacyKeySize = 512
                func makeLegacyKey() -> SecKey? {
                    let attributes = [kSecAttrKeyType: kSecAttrKeyTypeRSA, ↓kSecAttrKeySizeInBits: NSNumber(value: legacyKeySize)] as CFDictionary
                    return SecKeyCreateRandomKey(attributes, nil)
                }
                """),
            .swift(
                """
                // RSA at 2048 and 3072 bits, and a 256-bit elliptic-curve key in the Secure Enclave.
                func makeKeys() {
                    let rsa: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: 2048]
                    let archive: [String: Any] = [kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits as String: 3072]
                    let device: [String: Any] = [
                        kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
                        kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    ]
                    _ = (rsa, archive, device)
                }
                """),
            .objectiveC(
                """
                - (void)generateKeyPair {
                    NSDictionary *attributes = @{
                        (__bridge id)kSecAttrKeyType : (__bridge id)kSecAttrKeyTypeRSA,
                        (__bridge id)↓kSecAttrKeySizeInBits : @1024,
                    };
                    SecKeyRef key = SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
                    NSMutableDictionary *pair = [NSMutableDictionary dictionary];
                    [pair setObject:(__bridge id)kSecAttrKeyTypeRSA forKey:(__bridge id)kSecAttrKeyType];
                    [pair setObject:[NSNumber numberWithInt:512] forKey:(__bridge id)↓kSecAttrKeySizeInBits];
                }
                - (void)generateDeviceKey {
                    NSDictionary *attributes = @{ (__bridge id)kSecAttrKeyType : (__bridge id)kSecAttrKeyTypeECSECPrimeRandom, (__bridge id)kSecAttrKeySizeInBits : @256 };
                }
                """),
        ]
    }
}
