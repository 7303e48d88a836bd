/// The five figures the benchmark reports, each with its unit and its target ratio
/// (ours ÷ OpenSSL's own figure).
enum BenchmarkOperation: CaseIterable {
    case p256Sign
    case p256Verify
    case ecdhP256
    case aes256GCMSeal
    case sha256

    /// Buffer size for the throughput figures, as in `openssl speed -bytes 16384`.
    static let throughputBufferByteCount = 16 * 1024

    var title: String {
        switch self {
        case .p256Sign: "P-256 sign"
        case .p256Verify: "P-256 verify"
        case .ecdhP256: "ECDH P-256"
        case .aes256GCMSeal: "AES-256-GCM seal 16 KiB"
        case .sha256: "SHA-256 16 KiB"
        }
    }

    /// Operations per second, or bytes per second for the throughput figures.
    var isThroughput: Bool {
        switch self {
        case .p256Sign, .p256Verify, .ecdhP256: false
        case .aes256GCMSeal, .sha256: true
        }
    }

    /// The lowest acceptable ours ÷ OpenSSL ratio; `nil` where no target is set.
    var targetRatio: Double? {
        switch self {
        case .p256Sign, .p256Verify: 0.85
        case .aes256GCMSeal, .sha256: 0.80
        case .ecdhP256: nil
        }
    }

    /// A rate with its unit: `op/s`, or decimal megabytes (10⁶ bytes) per second.
    func formatted(_ rate: Double) -> String {
        isThroughput ? format(rate / 1_000_000, decimals: 1) + " MB/s" : format(rate, decimals: 0) + " op/s"
    }
}
