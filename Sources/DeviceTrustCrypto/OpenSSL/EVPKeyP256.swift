#if !canImport(CryptoKit)
internal import COpenSSL
import Synchronization

/// The P-256 curve (secp256r1, prime256v1) as OpenSSL sees it.
///
/// Everything here takes and returns plain byte buffers: the fixed-size encodings
/// (32-byte scalars, 65-byte uncompressed points) are validated by the callers, and the
/// checks that need curve arithmetic (point on the curve, scalar below the order) are
/// done here with OpenSSL's own routines.
enum P256Curve {
    static let scalarByteCount = 32
    static let uncompressedPointByteCount = 65
    static let compressedPointByteCount = 33
    static let groupName = "prime256v1"

    /// The group, created once; OpenSSL only reads it after construction.
    private nonisolated(unsafe) static let group: OpaquePointer = {
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else {
            fatalError("OpenSSL has no P-256 group; the libcrypto installation is broken")
        }
        return group
    }()

    /// Decodes an uncompressed (0x04) or compressed (0x02/0x03) point, checks that it is
    /// on the curve and not the point at infinity, and returns its uncompressed form.
    static func uncompressedPoint(from encoded: UnsafeRawBufferPointer) throws(CryptoKitError) -> [UInt8] {
        guard let first = encoded.first else { throw .invalidEncoding(reason: "the public key is empty") }
        switch (encoded.count, first) {
        case (uncompressedPointByteCount, 0x04), (compressedPointByteCount, 0x02), (compressedPointByteCount, 0x03):
            break
        default:
            throw .invalidEncoding(reason: "a P-256 public key is 65 bytes starting 0x04 or 33 bytes starting 0x02/0x03; got \(encoded.count) bytes")
        }
        guard let point = EC_POINT_new(group) else { throw OpenSSLErrors.drain() }
        defer { EC_POINT_free(point) }
        // EC_POINT_oct2point checks that the decoded point satisfies the curve equation.
        guard EC_POINT_oct2point(group, point, encoded.baseAddress?.assumingMemoryBound(to: UInt8.self), encoded.count, nil) == 1,
            EC_POINT_is_at_infinity(group, point) == 0
        else {
            OpenSSLErrors.discard()
            throw .invalidEncoding(reason: "the public key is not a point on the P-256 curve")
        }
        return try serialize(point)
    }

    /// ``uncompressedPoint(from:)`` for an array.
    static func uncompressedPoint(from encoded: [UInt8]) throws(CryptoKitError) -> [UInt8] {
        let result = encoded.withUnsafeBytes { bytes in
            Result { () throws(CryptoKitError) in try uncompressedPoint(from: bytes) }
        }
        return try result.get()
    }

    /// The compressed (33-byte) form of a valid uncompressed point.
    static func compressedPoint(fromUncompressed encoded: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: compressedPointByteCount)
        out[0] = 0x02 | (encoded[uncompressedPointByteCount - 1] & 1)
        out[1...] = encoded[1..<(1 + scalarByteCount)]
        return out
    }

    /// Checks `0 < scalar < n` and returns the public point `scalar·G`, uncompressed.
    static func publicPoint(forScalar scalar: UnsafeRawBufferPointer) throws(CryptoKitError) -> [UInt8] {
        guard scalar.count == scalarByteCount else { throw .incorrectKeySize }
        let d = try ScalarBignum(scalar)
        guard BN_is_zero(d.pointer) == 0, BN_cmp(d.pointer, EC_GROUP_get0_order(group)) < 0 else {
            throw .invalidEncoding(reason: "a P-256 private key must be an integer in 1...n-1; this one is zero or not below the group order")
        }
        guard let point = EC_POINT_new(group) else { throw OpenSSLErrors.drain() }
        defer { EC_POINT_free(point) }
        try OpenSSLErrors.check(EC_POINT_mul(group, point, d.pointer, nil, nil, nil))
        return try serialize(point)
    }

    private static func serialize(_ point: OpaquePointer) throws(CryptoKitError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: uncompressedPointByteCount)
        let written = EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, &out, out.count, nil)
        guard written == uncompressedPointByteCount else { throw OpenSSLErrors.drain() }
        return out
    }
}

/// Owns a `BIGNUM` holding a private scalar; cleared and freed on release.
private final class ScalarBignum {
    let pointer: OpaquePointer

    init(_ bytes: UnsafeRawBufferPointer) throws(CryptoKitError) {
        guard let bn = BN_secure_new() else { throw OpenSSLErrors.drain() }
        pointer = bn
        guard BN_bin2bn(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(bytes.count), bn) != nil else {
            throw OpenSSLErrors.drain()
        }
    }

    deinit { BN_clear_free(pointer) }
}

/// Owns an `OSSL_PARAM_BLD`, the `OSSL_PARAM` array built from it, and every buffer the
/// builder points to.
///
/// `OSSL_PARAM_BLD_push_*` keeps the caller's pointers (names, strings, octets, bignums)
/// until `OSSL_PARAM_BLD_to_param` copies them, so each is copied into memory this
/// object owns and frees (zeroised) only after the parameters are built and used.
private final class ParamBuilder {
    let builder: OpaquePointer
    private var bignums: [ScalarBignum] = []
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    init() throws(CryptoKitError) {
        guard let builder = OSSL_PARAM_BLD_new() else { throw OpenSSLErrors.drain() }
        self.builder = builder
    }

    deinit {
        OSSL_PARAM_BLD_free(builder)
        for buffer in buffers {
            OpenSSLMemory.cleanse(buffer)
            buffer.deallocate()
        }
    }

    /// A NUL-terminated copy of `string` that lives as long as the builder.
    private func ownedCString(_ string: String) -> UnsafeMutablePointer<CChar> {
        ownedCopy(Array(string.utf8CString.map { UInt8(bitPattern: $0) })).assumingMemoryBound(to: CChar.self)
    }

    private func ownedCopy(_ bytes: [UInt8]) -> UnsafeMutableRawPointer {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        buffer.copyBytes(from: bytes)
        buffers.append(buffer)
        return buffer.baseAddress!
    }

    func push(utf8 key: String, _ value: String) throws(CryptoKitError) {
        try OpenSSLErrors.check(OSSL_PARAM_BLD_push_utf8_string(builder, ownedCString(key), ownedCString(value), 0))
    }

    func push(octets key: String, _ value: [UInt8]) throws(CryptoKitError) {
        try OpenSSLErrors.check(OSSL_PARAM_BLD_push_octet_string(builder, ownedCString(key), ownedCopy(value), value.count))
    }

    func push(bignum key: String, _ value: UnsafeRawBufferPointer) throws(CryptoKitError) {
        let bn = try ScalarBignum(value)
        bignums.append(bn)
        try OpenSSLErrors.check(OSSL_PARAM_BLD_push_BN(builder, ownedCString(key), bn.pointer))
    }

    /// Builds the parameters and passes them to `body`; they are freed after.
    func withParams<R>(_ body: (UnsafeMutablePointer<OSSL_PARAM>) throws(CryptoKitError) -> R) throws(CryptoKitError) -> R {
        guard let params = OSSL_PARAM_BLD_to_param(builder) else { throw OpenSSLErrors.drain() }
        defer { OSSL_PARAM_free(params) }
        return try body(params)
    }
}

/// Owns one P-256 `EVP_PKEY` and a reusable operation context for it.
///
/// Creating and initialising an `EVP_PKEY_CTX` costs about as much as a signature
/// verification's bookkeeping, so each key keeps one initialised context and lends it to
/// one operation at a time; a concurrent operation on the same key makes its own.
final class P256EVPKey: @unchecked Sendable {
    enum Operation: Sendable { case sign, verify, derive }

    /// An initialised `EVP_PKEY_CTX` waiting to be lent; used by one operation at a time.
    private struct IdleContext: @unchecked Sendable { let pointer: OpaquePointer }

    private let pkey: OpaquePointer
    private let operation: Operation
    private let idleContext = Mutex<IdleContext?>(nil)

    private init(pkey: OpaquePointer, operation: Operation) {
        self.pkey = pkey
        self.operation = operation
    }

    deinit {
        if let idle = idleContext.withLock({ $0 }) { EVP_PKEY_CTX_free(idle.pointer) }
        EVP_PKEY_free(pkey)
    }

    /// A key pair from a validated scalar and its public point.
    static func keyPair(scalar: UnsafeRawBufferPointer, publicPoint: [UInt8], for operation: Operation) throws(CryptoKitError) -> P256EVPKey {
        let params = try ParamBuilder()
        try params.push(utf8: OSSL_PKEY_PARAM_GROUP_NAME, P256Curve.groupName)
        try params.push(octets: OSSL_PKEY_PARAM_PUB_KEY, publicPoint)
        try params.push(bignum: OSSL_PKEY_PARAM_PRIV_KEY, scalar)
        return try fromData(params, selection: devicetrust_EVP_PKEY_KEYPAIR(), for: operation)
    }

    /// A public key from a validated uncompressed point.
    static func publicKey(point: [UInt8], for operation: Operation) throws(CryptoKitError) -> P256EVPKey {
        let params = try ParamBuilder()
        try params.push(utf8: OSSL_PKEY_PARAM_GROUP_NAME, P256Curve.groupName)
        try params.push(octets: OSSL_PKEY_PARAM_PUB_KEY, point)
        return try fromData(params, selection: devicetrust_EVP_PKEY_PUBLIC_KEY(), for: operation)
    }

    private static func fromData(_ params: ParamBuilder, selection: Int32, for operation: Operation) throws(CryptoKitError) -> P256EVPKey {
        guard let ctx = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw OpenSSLErrors.drain() }
        defer { EVP_PKEY_CTX_free(ctx) }
        try OpenSSLErrors.check(EVP_PKEY_fromdata_init(ctx))
        var pkey: OpaquePointer?
        try params.withParams { (raw) throws(CryptoKitError) in
            try OpenSSLErrors.check(EVP_PKEY_fromdata(ctx, &pkey, selection, raw))
        }
        guard let pkey else { throw OpenSSLErrors.drain() }
        return P256EVPKey(pkey: pkey, operation: operation)
    }

    /// A fresh random private scalar from OpenSSL's key generator, written to `scalar`.
    static func generateScalar(into scalar: UnsafeMutableRawBufferPointer) throws(CryptoKitError) {
        guard let ctx = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw OpenSSLErrors.drain() }
        defer { EVP_PKEY_CTX_free(ctx) }
        try OpenSSLErrors.check(EVP_PKEY_keygen_init(ctx))
        try OpenSSLErrors.check(EVP_PKEY_CTX_set_group_name(ctx, P256Curve.groupName))
        var generated: OpaquePointer?
        try OpenSSLErrors.check(EVP_PKEY_generate(ctx, &generated))
        guard let generated else { throw OpenSSLErrors.drain() }
        defer { EVP_PKEY_free(generated) }
        try exportScalar(of: generated, into: scalar)
    }

    /// Decodes a DER private key (PKCS#8 or SEC 1 `ECPrivateKey`) with OpenSSL, checks that
    /// it is a P-256 key, and writes its scalar. Returns the embedded public point, if any,
    /// so the caller can check it against the scalar.
    static func decodePrivateKeyDER(_ der: UnsafeRawBufferPointer, scalar: UnsafeMutableRawBufferPointer) throws(CryptoKitError) -> [UInt8]? {
        guard der.count > 0, der.count <= 4096, let start = der.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw .invalidEncoding(reason: "a DER private key must be 1...4096 bytes")
        }
        var cursor: UnsafePointer<UInt8>? = start
        guard let pkey = d2i_AutoPrivateKey(nil, &cursor, der.count) else {
            OpenSSLErrors.discard()
            throw .invalidEncoding(reason: "the private key is not DER PKCS#8 or SEC 1 ECPrivateKey")
        }
        defer { EVP_PKEY_free(pkey) }
        let consumed = cursor.map { start.distance(to: $0) } ?? 0
        guard consumed == der.count else {
            throw .invalidEncoding(reason: "the private key DER has \(der.count - consumed) trailing bytes")
        }
        var name = [CChar](repeating: 0, count: 64)
        var nameLength = 0
        guard EVP_PKEY_get_base_id(pkey) == EVP_PKEY_EC,
            EVP_PKEY_get_group_name(pkey, &name, name.count, &nameLength) == 1,
            String(decoding: name.prefix(nameLength).map { UInt8(bitPattern: $0) }, as: UTF8.self) == P256Curve.groupName
        else {
            OpenSSLErrors.discard()
            throw .invalidEncoding(reason: "the private key is not a P-256 (prime256v1) EC key")
        }
        try exportScalar(of: pkey, into: scalar)
        var point = [UInt8](repeating: 0, count: P256Curve.uncompressedPointByteCount + 1)
        var pointLength = 0
        guard EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, &point, point.count, &pointLength) == 1 else {
            OpenSSLErrors.discard()
            return nil
        }
        return Array(point.prefix(pointLength))
    }

    private static func exportScalar(of pkey: OpaquePointer, into scalar: UnsafeMutableRawBufferPointer) throws(CryptoKitError) {
        var bn: OpaquePointer?
        try OpenSSLErrors.check(EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_PRIV_KEY, &bn))
        guard let bn else { throw OpenSSLErrors.drain() }
        defer { BN_clear_free(bn) }
        guard BN_bn2binpad(bn, scalar.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(scalar.count)) == Int32(scalar.count) else {
            throw .invalidEncoding(reason: "the private scalar is longer than 32 bytes")
        }
    }

    // MARK: Operations

    /// Borrows the idle context (or makes one) for the key's operation.
    private func withContext<R>(_ body: (OpaquePointer) throws(CryptoKitError) -> R) throws(CryptoKitError) -> R {
        let ctx: OpaquePointer
        if let idle = idleContext.withLock({ slot -> IdleContext? in
            defer { slot = nil }; return slot
        }) {
            ctx = idle.pointer
        } else {
            guard let fresh = EVP_PKEY_CTX_new_from_pkey(nil, pkey, nil) else { throw OpenSSLErrors.drain() }
            let initialised: Int32
            switch operation {
            case .sign: initialised = EVP_PKEY_sign_init(fresh)
            case .verify: initialised = EVP_PKEY_verify_init(fresh)
            case .derive: initialised = EVP_PKEY_derive_init(fresh)
            }
            guard initialised == 1 else {
                EVP_PKEY_CTX_free(fresh)
                throw OpenSSLErrors.drain()
            }
            ctx = fresh
        }
        defer {
            let returned = IdleContext(pointer: ctx)
            let spare = idleContext.withLock { slot -> IdleContext? in
                if slot == nil { slot = returned; return nil }
                return returned
            }
            if let spare { EVP_PKEY_CTX_free(spare.pointer) }
        }
        return try body(ctx)
    }

    /// ECDSA over a precomputed digest; returns OpenSSL's DER signature.
    func signDigest(_ digest: UnsafeRawBufferPointer) throws(CryptoKitError) -> [UInt8] {
        precondition(operation == .sign)
        return try withContext { (ctx) throws(CryptoKitError) in
            var signature = [UInt8](repeating: 0, count: 80)
            var length = signature.count
            try OpenSSLErrors.check(EVP_PKEY_sign(ctx, &signature, &length, digest.baseAddress?.assumingMemoryBound(to: UInt8.self), digest.count))
            return Array(signature.prefix(length))
        }
    }

    /// ECDSA verification of a DER signature over a precomputed digest.
    func verifyDigest(_ digest: UnsafeRawBufferPointer, derSignature: [UInt8]) -> Bool {
        precondition(operation == .verify)
        let result = try? withContext { (ctx) throws(CryptoKitError) -> Int32 in
            EVP_PKEY_verify(ctx, derSignature, derSignature.count, digest.baseAddress?.assumingMemoryBound(to: UInt8.self), digest.count)
        }
        guard result == 1 else {
            OpenSSLErrors.discard()
            return false
        }
        return true
    }

    /// ECDH with `peer`: writes the 32-byte x-coordinate of the shared point.
    func deriveSharedSecret(with peer: P256EVPKey, into secret: UnsafeMutableRawBufferPointer) throws(CryptoKitError) {
        precondition(operation == .derive)
        try withContext { (ctx) throws(CryptoKitError) in
            // The peer was validated when its PublicKey was made (on the curve, not the
            // point at infinity; P-256 has cofactor 1), so OpenSSL's re-check, which costs
            // a scalar multiplication, is skipped.
            try OpenSSLErrors.check(EVP_PKEY_derive_set_peer_ex(ctx, peer.pkey, 0))
            var length = secret.count
            try OpenSSLErrors.check(EVP_PKEY_derive(ctx, secret.baseAddress?.assumingMemoryBound(to: UInt8.self), &length))
            guard length == P256Curve.scalarByteCount else { throw OpenSSLErrors.drain() }
        }
    }
}
#endif
