import Foundation

/// An encrypted device backup (Finder, iTunes or iCloud), taken with
/// ``EmulatedDevice/backup()`` and put back with ``EmulatedDevice/restore(_:)``.
///
/// Opaque on purpose: it holds every keychain item, app data container and app file of the device
/// it came from, and which device that was. Restored onto the same device everything
/// returns; onto another device the `…ThisDeviceOnly` items (which include `akpu` and
/// access-controlled items) stay behind, and Secure Enclave keys, which never leave their
/// enclave, cannot be used there.
public struct DeviceBackup: Sendable {
    let sourceDevice: UUID
    let items: [StoredItem]
    let containers: [String: [String: Data]]
    let files: [String: FileTree]
}
