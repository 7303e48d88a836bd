import Foundation
import Security

/// Signs exported statements so that the branch office can check them.
enum StatementSigningKey {
    static func generate() -> SecKey? {
        let attributes: [String: Any] = [
            kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
            kSecAttrKeySizeInBits as String: 1024,
        ]
        return SecKeyCreateRandomKey(attributes as CFDictionary, nil)
    }
}
