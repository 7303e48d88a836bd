import DeviceTrustCrypto
import Foundation

/// Seals and opens the chunks of one file (format in <doc:ProtectedFiles>): the file's
/// derived key, its header and the digest of its name, which every chunk authenticates.
struct ProtectedFileChunkCipher {
    let key: SymmetricKey
    let header: ProtectedFileFormat.Header
    private let headerBytes: [UInt8]
    private let nameDigest: [UInt8]

    init(storeKey: SymmetricKey, header: ProtectedFileFormat.Header, name: String) {
        key = ProtectedFileFormat.fileKey(storeKey: storeKey, fileID: header.fileID)
        self.header = header
        headerBytes = header.bytes
        nameDigest = ProtectedFileFormat.nameDigest(name)
    }

    /// The largest stored chunk: flag, a full chunk of ciphertext, tag.
    var storedChunkByteCount: Int { 1 + header.chunkSize + ProtectedFileFormat.tagByteCount }

    /// `flag ‖ ciphertext ‖ tag` of chunk `index`.
    func seal(_ plaintext: Data, index: UInt64, isFinal: Bool) throws(ProtectedFileError) -> Data {
        let flag = isFinal ? ProtectedFileFormat.flagFinal : ProtectedFileFormat.flagMore
        let aad = ProtectedFileFormat.authenticatedData(header: headerBytes, nameDigest: nameDigest, index: index, flag: flag)
        do {
            let box = try AES.GCM.seal(plaintext, using: key, nonce: ProtectedFileFormat.nonce(index: index), authenticating: aad)
            return Data([flag]) + box.ciphertext + box.tag
        } catch {
            throw .storage(.ioFailure("AES-GCM seal failed"))
        }
    }

    /// The plaintext of stored chunk `index` and whether it says it is the last one.
    /// - Throws: ``ProtectedFileError/tampered`` for an unknown flag, a short chunk that is
    ///   not final, or a failed tag.
    func open(_ stored: Data, index: UInt64) throws(ProtectedFileError) -> (plaintext: Data, isFinal: Bool) {
        guard let flag = stored.first, stored.count >= 1 + ProtectedFileFormat.tagByteCount else { throw .tampered }
        guard flag == ProtectedFileFormat.flagFinal || (flag == ProtectedFileFormat.flagMore && stored.count == storedChunkByteCount) else {
            throw .tampered
        }
        let body = stored.dropFirst()
        let aad = ProtectedFileFormat.authenticatedData(header: headerBytes, nameDigest: nameDigest, index: index, flag: flag)
        do {
            let box = try AES.GCM.SealedBox(
                nonce: ProtectedFileFormat.nonce(index: index), ciphertext: body.dropLast(ProtectedFileFormat.tagByteCount),
                tag: body.suffix(ProtectedFileFormat.tagByteCount))
            return (try AES.GCM.open(box, using: key, authenticating: aad), flag == ProtectedFileFormat.flagFinal)
        } catch {
            throw .tampered
        }
    }
}
