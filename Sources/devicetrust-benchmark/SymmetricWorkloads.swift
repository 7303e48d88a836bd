import DeviceTrustCrypto
import Foundation

/// AES-256-GCM and SHA-256 through DeviceTrustCrypto's public API, on the same 16 KiB
/// buffers `openssl speed -bytes 16384` uses.
enum SymmetricWorkloads {
    /// Bytes per second of `AES.GCM.seal(buffer, using: key)`: a fresh random nonce,
    /// encryption and the tag for every 16 KiB message.
    static func aes256GCMSeal(seconds: Int) throws -> Double {
        let key = SymmetricKey(size: .bits256)
        let message = Data(repeating: 0x5a, count: BenchmarkOperation.throughputBufferByteCount)
        let sample = try RateMeter.measure(seconds: seconds) {
            blackHole(try AES.GCM.seal(message, using: key))
        }
        return sample.perSecond * Double(message.count)
    }

    /// Bytes per second of `SHA256.hash(data: buffer)` over a 16 KiB message.
    static func sha256(seconds: Int) -> Double {
        let message = Data(repeating: 0xa5, count: BenchmarkOperation.throughputBufferByteCount)
        let sample = RateMeter.measure(seconds: seconds) {
            blackHole(SHA256.hash(data: message))
        }
        return sample.perSecond * Double(message.count)
    }
}
