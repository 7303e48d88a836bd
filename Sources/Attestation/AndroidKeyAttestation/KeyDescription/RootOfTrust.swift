import Foundation

/// The device's verified-boot state as the secure hardware saw it at boot (`RootOfTrust`,
/// tag 704 of the hardware-enforced list).
public struct RootOfTrust: Sendable, Hashable {
    /// Android's `VerifiedBootState` ENUMERATED.
    public enum VerifiedBootState: Int, Sendable, Hashable, CustomStringConvertible {
        /// The boot chain is signed by the device maker's key.
        case verified = 0
        /// The boot chain is signed by a key the user installed (a custom ROM, locked).
        case selfSigned = 1
        /// The bootloader is unlocked: anything may be running.
        case unverified = 2
        /// Verification failed.
        case failed = 3

        /// The name Android's documentation uses: `Verified`, `SelfSigned`, `Unverified`, `Failed`.
        public var description: String {
            switch self {
            case .verified: "Verified"
            case .selfSigned: "SelfSigned"
            case .unverified: "Unverified"
            case .failed: "Failed"
            }
        }
    }

    /// A digest of the key that verified the boot image (all zeros on some unlocked devices).
    public let verifiedBootKey: Data
    /// Whether the bootloader is locked.
    public let deviceLocked: Bool
    /// The verified-boot state.
    public let verifiedBootState: VerifiedBootState
    /// A digest of the verified boot images; absent before attestation version 3.
    public let verifiedBootHash: Data?

    /// Whether the device booted the maker's software with a locked bootloader.
    public var isVerifiedAndLocked: Bool { verifiedBootState == .verified && deviceLocked }
}
