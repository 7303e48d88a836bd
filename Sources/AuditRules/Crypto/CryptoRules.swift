import AuditKit

/// The crypto rules, in the order `--list-rules` prints them.
enum CryptoRules {
    static let all: [any AuditRule] = [
        CryptoWeakCipher(),
        CryptoWeakHash(),
        CryptoHardcodedKey(),
        CryptoFastPasswordHash(),
        CryptoStaticSalt(),
        CryptoWeakRSAKey(),
    ]
}
