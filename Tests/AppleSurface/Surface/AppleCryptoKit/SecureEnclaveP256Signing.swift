@_exported import AppleLocalAuthentication
@_exported import AppleSecurity
import AppleSurfaceRuntime
@_exported import DeviceTrustCrypto
import Foundation

// CryptoKit's Secure Enclave keys. The rest of CryptoKit's API (P256, SHA256, …) is
// DeviceTrustCrypto's CryptoKit-shaped one, re-exported as on Apple platforms.

/// A representation of a device's hardware-based key manager.
/// https://developer.apple.com/documentation/cryptokit/secureenclave
public enum SecureEnclave {
    /// A Boolean value that's true if the device supports Secure Enclave access.
    /// https://developer.apple.com/documentation/cryptokit/secureenclave/isavailable
    public static var isAvailable: Bool { SurfaceHost.current?.secureEnclave.isAvailable ?? false }

    /// An elliptic curve that enables NIST P-256 signatures and key agreement within the
    /// Secure Enclave. https://developer.apple.com/documentation/cryptokit/secureenclave/p256
    public enum P256 {
        /// A mechanism used to create or verify a cryptographic signature using the NIST P-256
        /// elliptic curve digital signature algorithm (ECDSA) within the Secure Enclave.
        /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing
        public enum Signing {
            /// A P-256 private key used for signing.
            /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey
            public struct PrivateKey {
                /// The corresponding public key.
                /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey/publickey
                public let publicKey: DeviceTrustCrypto.P256.Signing.PublicKey
                /// A data representation of the private key.
                /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey/datarepresentation
                public let dataRepresentation: Data
                private let session: SurfaceSession?

                /// Creates a P-256 private key for signing with the specified access control.
                /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey/init(compactrepresentable:accesscontrol:authenticationcontext:)
                public init(
                    compactRepresentable: Bool = true,
                    accessControl: SecAccessControl = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, [], nil)!,
                    authenticationContext: LAContext? = nil
                ) throws {
                    let enclave = try Self.enclave()
                    let made = try enclave.generateSigningKey(accessControl: accessControl.value)
                    dataRepresentation = made.dataRepresentation
                    publicKey = try DeviceTrustCrypto.P256.Signing.PublicKey(x963Representation: made.publicKey)
                    session = authenticationContext?.surfaceSession
                }

                /// Creates a P-256 private key for signing from a data representation of the
                /// key with the given authentication context.
                /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey/init(datarepresentation:authenticationcontext:)
                public init(dataRepresentation: Data, authenticationContext: LAContext? = nil) throws {
                    let enclave = try Self.enclave()
                    publicKey = try DeviceTrustCrypto.P256.Signing.PublicKey(x963Representation: enclave.publicKey(dataRepresentation: dataRepresentation))
                    self.dataRepresentation = dataRepresentation
                    session = authenticationContext?.surfaceSession
                }

                /// Generates an Elliptic Curve Digital Signature Algorithm (ECDSA) signature of
                /// the given data over the P-256 elliptic curve, using SHA-256 as the hash
                /// function. https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey/signature(for:)-1mawf
                public func signature<D: DataProtocol>(for data: D) throws -> DeviceTrustCrypto.P256.Signing.ECDSASignature {
                    let raw = try Self.enclave().sign(Data(data), dataRepresentation: dataRepresentation, session: session)
                    return try DeviceTrustCrypto.P256.Signing.ECDSASignature(rawRepresentation: raw)
                }

                private static func enclave() throws -> any SurfaceSecureEnclave {
                    guard let enclave = SurfaceHost.current?.secureEnclave, enclave.isAvailable else {
                        throw CryptoKitError.underlyingCoreCryptoError(error: -1)
                    }
                    return enclave
                }
            }
        }
    }
}
