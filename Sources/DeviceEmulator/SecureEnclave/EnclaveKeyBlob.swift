import DeviceTrustCrypto
import Foundation
import SecureStorage

/// The `dataRepresentation` of an emulated enclave key: the private scalar and its
/// binding, sealed with AES-GCM under the device's own enclave key, as the real Secure
/// Enclave wraps keys under its UID key.
///
/// Layout: `"DTEK"` ‖ version (1) ‖ device identifier (16) ‖ AES-GCM combined box. The
/// header is authenticated as associated data, so it cannot be swapped. Sealed contents:
/// key identifier (16) ‖ access-control flags (8, big-endian) ‖ biometric enrolment (8) ‖
/// passcode epoch (8) ‖ scalar (32).
enum EnclaveKeyBlob {
    private static let magic = Data("DTEK".utf8)
    private static let version: UInt8 = 1
    private static let headerCount = 4 + 1 + 16
    private static let contentsCount = 16 + 8 + 8 + 8 + 32

    /// What the blob carries. The scalar is a secret: use it and drop it.
    struct Contents: Sendable {
        let keyID: UUID
        let accessControl: AccessControl
        let boundEnrolment: UInt64
        let passcodeEpoch: UInt64
        var scalar: Data

        var accessPolicy: AccessPolicy? {
            accessControl.requiresAuthentication
                ? AccessPolicy(flags: accessControl, boundEnrolment: boundEnrolment) : nil
        }

        /// Overwrites this copy of the scalar.
        mutating func wipeScalar() {
            scalar.resetBytes(in: scalar.startIndex..<scalar.endIndex)
        }
    }

    /// Seals `contents` for the device `deviceID`.
    static func seal(_ contents: Contents, deviceID: UUID, rootKey: SymmetricKey) throws -> Data {
        let header = header(for: deviceID)
        var plaintext = Data()
        plaintext.append(bytes(of: contents.keyID))
        plaintext.append(bigEndian: UInt64(contents.accessControl.rawValue))
        plaintext.append(bigEndian: contents.boundEnrolment)
        plaintext.append(bigEndian: contents.passcodeEpoch)
        plaintext.append(contents.scalar)
        defer { plaintext.resetBytes(in: plaintext.startIndex..<plaintext.endIndex) }
        let box = try AES.GCM.seal(plaintext, using: rootKey, authenticating: header)
        guard let combined = box.combined else {
            throw EmulatedSecureEnclaveError(.malformedKeyData, "AES-GCM did not produce a combined box")
        }
        return header + combined
    }

    /// Opens a blob on the device `deviceID`.
    /// - Throws: ``EmulatedSecureEnclaveError`` with `.keyFromAnotherDevice` when another
    ///   device made it, `.malformedKeyData` when it is not an intact blob.
    static func open(_ blob: Data, deviceID: UUID, rootKey: SymmetricKey) throws(EmulatedSecureEnclaveError) -> Contents {
        let blob = Data(blob)  // indices from 0
        guard blob.count > headerCount, blob.prefix(4) == magic, blob[4] == version else {
            throw EmulatedSecureEnclaveError(.malformedKeyData, "not the dataRepresentation of an emulated enclave key")
        }
        let creator = UUID(uuid: blob[5..<21].withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })
        guard creator == deviceID else {
            throw EmulatedSecureEnclaveError(
                .keyFromAnotherDevice, "the key belongs to another device's Secure Enclave and cannot be used here")
        }
        var plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(combined: blob[headerCount...])
            plaintext = try AES.GCM.open(box, using: rootKey, authenticating: blob[..<headerCount])
        } catch {
            throw EmulatedSecureEnclaveError(.malformedKeyData, "the key data was altered or truncated")
        }
        defer { plaintext.resetBytes(in: plaintext.startIndex..<plaintext.endIndex) }
        guard plaintext.count == contentsCount else {
            throw EmulatedSecureEnclaveError(.malformedKeyData, "the key data has the wrong length")
        }
        var bytes = [UInt8](plaintext)
        defer { for index in bytes.indices { bytes[index] = 0 } }
        return Contents(
            keyID: UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }),
            accessControl: AccessControl(rawValue: UInt(bigEndianBytes: bytes[16..<24])),
            boundEnrolment: UInt64(bigEndianBytes: bytes[24..<32]),
            passcodeEpoch: UInt64(bigEndianBytes: bytes[32..<40]),
            scalar: Data(bytes[40..<72]))
    }

    private static func header(for deviceID: UUID) -> Data {
        var header = magic
        header.append(version)
        header.append(bytes(of: deviceID))
        return header
    }

    private static func bytes(of uuid: UUID) -> Data {
        withUnsafeBytes(of: uuid.uuid) { Data($0) }
    }
}

extension Data {
    fileprivate mutating func append(bigEndian value: UInt64) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}

extension FixedWidthInteger {
    fileprivate init(bigEndianBytes bytes: ArraySlice<UInt8>) {
        self = bytes.reduce(0) { ($0 << 8) | Self($1) }
    }
}
