import Foundation

/// Wipes a keychain service on the first launch after an install or a reinstall.
///
/// iOS keeps Keychain items when an app is deleted, so a reinstalled app finds the
/// previous user's tokens. Call ``resetIfFreshInstall()`` early at launch: when the
/// installation marker is absent it deletes every item of the keychain's service, then
/// creates the marker. The order makes it safe: a crash between the two wipes again on
/// the next launch (nothing of value was saved yet), and a marker that cannot be read
/// throws instead of wiping.
///
/// Run it in the main app only: an extension has a container (and so a marker) of its
/// own, and its first launch would otherwise wipe the app's items in a shared access
/// group. Only this device's items are deleted: iCloud Keychain (synchronizable) items
/// belong to the user's other devices too.
public struct FreshInstallKeychainReset: Sendable {
    /// The keychain whose items belong to one installation.
    public let keychain: Keychain
    /// The marker that lives and dies with the installation.
    public let marker: any InstallationMarker

    /// A reset of `keychain`, keyed on `marker`.
    public init(keychain: Keychain, marker: any InstallationMarker) {
        self.keychain = keychain
        self.marker = marker
    }

    /// Wipes the keychain when this is the first launch of this installation.
    /// - Returns: `true` when the items were wiped.
    /// - Throws: the marker's error when its state cannot be known, or a ``KeychainError``
    ///   (for example ``KeychainError/interactionNotAllowed`` before the first unlock):
    ///   then nothing was concluded, and the call should be repeated later.
    @discardableResult
    public func resetIfFreshInstall() throws -> Bool {
        guard try !marker.exists() else { return false }
        try keychain.deleteAll(synchronizable: false)
        try marker.create()
        return true
    }
}
