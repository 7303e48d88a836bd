import Foundation

/// The app that asked for the key (`AttestationApplicationId`, tag 709): the packages
/// sharing the calling UID and the SHA-256 digests of their signing certificates, as
/// Android's package manager reported them.
public struct AttestationApplicationId: Sendable, Hashable {
    /// One package of the calling UID (`AttestationPackageInfo`).
    public struct PackageInfo: Sendable, Hashable {
        /// The package name, e.g. `com.example.app`.
        public let name: String
        /// The package's versionCode.
        public let version: Int
    }

    /// The packages, in encoded order.
    public let packageInfos: [PackageInfo]
    /// The SHA-256 digests of the signing certificates, in encoded order.
    public let signatureDigests: [Data]
    /// The DER the extension carried inside its OCTET STRING.
    public let der: Data

    /// The package names, in encoded order.
    public var packageNames: [String] { packageInfos.map(\.name) }
}
