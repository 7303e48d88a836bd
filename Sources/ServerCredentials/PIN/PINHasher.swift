import DeviceBinding
import DeviceTrustCrypto

/// Hashes and verifies PINs with a pepper and Argon2id, for storage in the database.
///
/// The stored value is libsodium's encoded string
/// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` computed over
/// `HMAC-SHA-256(pepper, pin)`, never over the PIN itself. The pepper stays outside the
/// database (see ``PepperFile``), so a stolen database alone does not let anyone try the
/// 10^6 six-digit PINs offline. Each hash draws a fresh random salt.
///
/// PINs are `DeviceBinding`'s `PIN` (6 to 12 ASCII digits, validated on construction). The
/// digits are read in place through `PIN.withUnsafeBytes(_:)` and fed straight to the HMAC;
/// no copy of them is made.
///
/// A PIN has few possible values: an attempt limit on the server is what protects it
/// online. This type only makes offline guessing infeasible without the pepper.
public struct PINHasher: Sendable {
    /// The cost of new hashes.
    public let parameters: Argon2idParameters
    private let pepper: SymmetricKey

    /// The fewest pepper bytes accepted.
    public static let minimumPepperByteCount = 32

    /// A hasher with the OWASP parameters (``Argon2idParameters/owasp``).
    /// - Throws: ``PINHashError`` ``PINHashError/Code/pepperTooShort`` for a pepper under 32 bytes.
    public init(pepper: SymmetricKey) throws(PINHashError) {
        try self.init(pepper: pepper, parameters: .owasp)
    }

    /// A hasher with other parameters: for tests and rehash migrations only.
    init(pepper: SymmetricKey, parameters: Argon2idParameters) throws(PINHashError) {
        guard pepper.bitCount / 8 >= Self.minimumPepperByteCount else {
            throw PINHashError(
                .pepperTooShort, "the PIN pepper must be at least \(Self.minimumPepperByteCount) random bytes; create it with PepperFile.loadOrCreate(at:)")
        }
        self.pepper = pepper
        self.parameters = parameters
    }

    /// The encoded Argon2id string to store for `pin`: ASCII, at most 127 characters.
    /// - Throws: ``PINHashError`` ``PINHashError/Code/hashingFailed`` when libsodium cannot
    ///   allocate the memory or did not initialise.
    public func hash(_ pin: PIN) throws(PINHashError) -> String {
        let encoded = withPepperedPIN(pin) { peppered in
            SodiumPasswordHash.argon2idString(
                password: peppered,
                operationsLimit: UInt64(parameters.iterations),
                memoryLimit: parameters.memoryBytes
            )
        }
        guard let encoded else {
            throw PINHashError(
                .hashingFailed, "Argon2id (\(parameters)) failed: libsodium could not allocate \(parameters.memoryBytes) bytes or did not initialise")
        }
        return encoded
    }

    /// Whether `pin` is the PIN that `stored` was made from, under this hasher's pepper.
    ///
    /// The comparison runs in constant time (`crypto_pwhash_str_verify`). Anything that is
    /// not a well-formed `$argon2id$v=19$` string gives false. The cost is that of the
    /// parameters inside `stored`.
    public func verify(_ pin: PIN, against stored: String) -> Bool {
        withPepperedPIN(pin) { SodiumPasswordHash.isValid(password: $0, encoded: stored) }
    }

    /// Whether `stored` should be replaced by a new ``hash(_:)`` after the next successful
    /// ``verify(_:against:)``: it was made with other parameters, or is not Argon2id.
    public func needsRehash(_ stored: String) -> Bool {
        SodiumPasswordHash.needsRehash(
            encoded: stored,
            operationsLimit: UInt64(parameters.iterations),
            memoryLimit: parameters.memoryBytes
        )
    }

    /// Runs `body` with HMAC-SHA-256(pepper, pin) in a buffer that is zeroed afterwards.
    private func withPepperedPIN<R>(_ pin: PIN, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var peppered = [UInt8](repeating: 0, count: SodiumHMAC.byteCount)
        defer { Sodium.zero(&peppered) }
        pepper.withUnsafeBytes { key in
            pin.withUnsafeBytes { digits in
                peppered.withUnsafeMutableBytes { SodiumHMAC.sha256(key: key, message: digits, into: $0) }
            }
        }
        return peppered.withUnsafeBytes(body)
    }
}
