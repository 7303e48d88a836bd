import DeviceTrustCrypto
import Foundation

/// Version 1 of the on-disk format, as <doc:ProtectedFiles> states it: a 41-byte header,
/// then chunks of `flag ‖ ciphertext ‖ tag`, each sealed with AES-256-GCM under a key
/// derived for this one file, with a nonce made of its index and authenticated data that
/// binds the header, the file's name, the index and the final-chunk flag.
enum ProtectedFileFormat {
    static let magic: [UInt8] = Array("DTPF".utf8)
    static let version: UInt8 = 1
    static let fileIDByteCount = 16
    static let keyIDByteCount = 16
    /// magic (4) ‖ version (1) ‖ chunk size (4, big-endian) ‖ file id (16) ‖ key id (16).
    static let headerByteCount = 4 + 1 + 4 + fileIDByteCount + keyIDByteCount
    static let tagByteCount = 16
    static let flagMore: UInt8 = 0
    static let flagFinal: UInt8 = 1
    /// The chunk sizes a file may declare: a bound on what a reader ever holds in memory.
    static let chunkSizes = 1...(16 << 20)

    /// Labels that separate this format's derivations from any other use of the store key.
    static let keyIDLabel = Data("DeviceTrust ProtectedFile v1 key id".utf8)
    static let fileKeyLabel = Data("DeviceTrust ProtectedFile v1 file key".utf8)

    /// The parsed header of a file.
    struct Header: Equatable {
        let chunkSize: Int
        let fileID: [UInt8]
        let keyID: [UInt8]

        var bytes: [UInt8] {
            let size = UInt32(chunkSize)
            return magic + [version] + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: size >> $0) } + fileID + keyID
        }

        init(chunkSize: Int, fileID: [UInt8], keyID: [UInt8]) {
            self.chunkSize = chunkSize
            self.fileID = fileID
            self.keyID = keyID
        }

        /// Parses a header; any unknown magic, version or out-of-range chunk size is
        /// tampering (fail closed: no other version was ever written).
        init(parsing data: Data) throws(ProtectedFileError) {
            let bytes = [UInt8](data)
            guard bytes.count == headerByteCount, Array(bytes[0..<4]) == magic, bytes[4] == version else { throw .tampered }
            let size = bytes[5..<9].reduce(0) { $0 << 8 | Int($1) }
            guard chunkSizes.contains(size) else { throw .tampered }
            chunkSize = size
            fileID = Array(bytes[9..<(9 + fileIDByteCount)])
            keyID = Array(bytes[(9 + fileIDByteCount)...])
        }
    }

    /// The public identifier of a store key, kept in each header so that a file written
    /// under another key reads as ``ProtectedFileError/Gone/key``, not as tampering.
    static func keyID(of storeKey: SymmetricKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: keyIDLabel, using: storeKey)).prefix(keyIDByteCount).map { $0 }
    }

    /// The AES-256-GCM key of one file: HKDF-SHA256 of the store key, salted with the
    /// file's random id. A new id per write means a nonce is never reused under a key.
    static func fileKey(storeKey: SymmetricKey, fileID: [UInt8]) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: storeKey, salt: fileID, info: fileKeyLabel, outputByteCount: 32)
    }

    /// Four zero bytes ‖ the chunk index, big-endian.
    static func nonce(index: UInt64) throws -> AES.GCM.Nonce {
        try AES.GCM.Nonce(data: [0, 0, 0, 0] + bigEndian(index))
    }

    /// header ‖ SHA-256(name) ‖ index (8, big-endian) ‖ flag.
    static func authenticatedData(header: [UInt8], nameDigest: [UInt8], index: UInt64, flag: UInt8) -> Data {
        Data(header + nameDigest + bigEndian(index) + [flag])
    }

    static func nameDigest(_ name: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(name.utf8)))
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: value >> UInt64($0)) }
    }
}
