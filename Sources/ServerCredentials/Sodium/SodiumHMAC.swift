internal import CSodium

/// HMAC-SHA-256 through libsodium, so that every intermediate byte stays in buffers we
/// zero: `crypto_auth_hmacsha256_final` wipes its state, and the caller owns the output.
enum SodiumHMAC {
    /// The length of an HMAC-SHA-256 tag.
    static let byteCount = 32

    /// Writes HMAC-SHA-256(`key`, `message`) into `output` (32 bytes). Key and message must
    /// not be empty: libsodium's pointer arguments are `nonnull`.
    static func sha256(key: UnsafeRawBufferPointer, message: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count == byteCount, "an HMAC-SHA-256 tag is 32 bytes")
        precondition(Sodium.isReady, "libsodium failed to initialise")
        guard let keyBase = key.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let messageBase = message.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let outputBase = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else {
            preconditionFailure("HMAC key and message must not be empty")
        }
        var state = crypto_auth_hmacsha256_state()
        defer { withUnsafeMutableBytes(of: &state) { Sodium.zero($0) } }
        // Each call returns 0; none can fail for in-memory input.
        _ = crypto_auth_hmacsha256_init(&state, keyBase, key.count)
        _ = crypto_auth_hmacsha256_update(&state, messageBase, UInt64(message.count))
        _ = crypto_auth_hmacsha256_final(&state, outputBase)
    }
}
