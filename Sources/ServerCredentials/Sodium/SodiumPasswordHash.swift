internal import CSodium

/// Argon2id encoded strings through libsodium's `crypto_pwhash_str_*` functions.
///
/// From the libsodium documentation: `crypto_pwhash_str_alg` "puts an ASCII encoded string
/// into out, which includes the result of a memory-hard, CPU-intensive hash function
/// applied to the password passwd of length passwdlen, the automatically generated salt
/// used for the previous computation, and the other parameters required to verify the
/// password, including the algorithm identifier, its version, opslimit, and memlimit."
/// "out must be large enough to hold crypto_pwhash_STRBYTES bytes, but the actual output
/// string may be shorter." `crypto_pwhash_str_verify` compares in constant time.
enum SodiumPasswordHash {
    /// The prefix of every string this module writes and accepts.
    static let argon2idPrefix = "$argon2id$v=19$"

    /// The size of the output buffer, terminating NUL included.
    private static var stringByteCount: Int { crypto_pwhash_strbytes() }

    /// The Argon2id encoded string of `password`, or nil when libsodium fails (only when
    /// it cannot allocate `memoryLimit` bytes).
    static func argon2idString(password: UnsafeRawBufferPointer, operationsLimit: UInt64, memoryLimit: Int) -> String? {
        guard Sodium.isReady, let passwordBase = password.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
        var output = [CChar](repeating: 0, count: stringByteCount)
        let status = crypto_pwhash_str_alg(
            &output, passwordBase, UInt64(password.count),
            operationsLimit, memoryLimit, crypto_pwhash_alg_argon2id13()
        )
        guard status == 0 else { return nil }
        let bytes = output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `encoded` is an Argon2id string for `password`; false for anything that is
    /// not a well-formed `$argon2id$v=19$` string.
    static func isValid(password: UnsafeRawBufferPointer, encoded: String) -> Bool {
        guard Sodium.isReady, encoded.hasPrefix(argon2idPrefix),
            let passwordBase = password.baseAddress?.assumingMemoryBound(to: CChar.self),
            var buffer = terminatedBuffer(encoded)
        else { return false }
        defer { Sodium.zero(&buffer) }
        return crypto_pwhash_str_verify(buffer, passwordBase, UInt64(password.count)) == 0
    }

    /// Whether `encoded` was made with other parameters than these (or is not an Argon2id
    /// string at all): 0 means "parameters match", 1 "they differ", -1 "not a valid string".
    static func needsRehash(encoded: String, operationsLimit: UInt64, memoryLimit: Int) -> Bool {
        guard Sodium.isReady, encoded.hasPrefix(argon2idPrefix), let buffer = terminatedBuffer(encoded) else { return true }
        return crypto_pwhash_str_needs_rehash(buffer, operationsLimit, memoryLimit) != 0
    }

    /// `encoded` NUL-terminated in a buffer of `crypto_pwhash_STRBYTES`, as the C functions
    /// read it; nil when it does not fit or contains a NUL.
    private static func terminatedBuffer(_ encoded: String) -> [CChar]? {
        let utf8 = Array(encoded.utf8)
        guard utf8.count < stringByteCount, !utf8.contains(0) else { return nil }
        var buffer = [CChar](repeating: 0, count: stringByteCount)
        for (index, byte) in utf8.enumerated() { buffer[index] = CChar(bitPattern: byte) }
        return buffer
    }
}
