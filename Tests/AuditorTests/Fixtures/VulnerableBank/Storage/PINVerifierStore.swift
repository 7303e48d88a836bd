import CommonCrypto
import Foundation

/// Keeps a verifier of the app-lock PIN next to the app's documents.
struct PINVerifierStore {
    let folder: URL

    func save(pin: String, salt: Data) throws {
        let verifier = derivePINKey(pin: pin, salt: salt)
        try verifier.write(to: folder.appendingPathComponent("applock.bin"), options: .atomic)
    }

    private func derivePINKey(pin: String, salt: Data) -> Data {
        var key = [UInt8](repeating: 0, count: 32)
        let saltBytes = [UInt8](salt)
        _ = CCKeyDerivationPBKDF(
            CCPBKDFAlgorithm(kCCPBKDF2), pin, pin.utf8.count, saltBytes, saltBytes.count,
            CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), 600_000, &key, key.count)
        return Data(key)
    }
}
