import DeviceBinding
import Foundation
import SecureStorage

/// What a ``DeviceTrustClient`` removes from the phone when the device is removed, so
/// that "remove this device" leaves nothing behind: not only the server's record.
///
/// The wipe runs after the server's `204` to ``DeviceTrustClient/removeDevice(deviceId:pin:)``
/// and whenever the server answers `device_revoked` (revoked elsewhere, or by five wrong
/// PINs). It always forgets the client's keys and its App Attest key id; it also
///
/// - locks ``session`` (drops its token),
/// - deletes every item of ``keychain``'s service in its access group (where the app keeps
///   its Secure Enclave key blobs and tokens: without the blob the enclave key is gone),
/// - destroys each of ``fileStores`` (`ProtectedFileStore.destroy()`: the key first, so the
///   files are unreadable even if their deletion is cut short),
/// - runs ``additionalWipes`` in order (app caches, databases).
///
/// Every step runs even when an earlier one fails; the first failure is then thrown.
public struct LocalDeviceData: Sendable {
    /// The session whose token is dropped.
    public var session: Session?
    /// The keychain whose items are deleted (``Keychain/deleteAll()``, scoped to its group).
    public var keychain: Keychain?
    /// Protected file stores to destroy.
    public var fileStores: [ProtectedFileStore]
    /// Further wipes, run in order.
    public var additionalWipes: [@Sendable () async throws -> Void]

    /// What to wipe besides the client's own keys and App Attest key id.
    public init(
        session: Session? = nil, keychain: Keychain? = nil, fileStores: [ProtectedFileStore] = [],
        additionalWipes: [@Sendable () async throws -> Void] = []
    ) {
        self.session = session
        self.keychain = keychain
        self.fileStores = fileStores
        self.additionalWipes = additionalWipes
    }
}

extension DeviceTrustClient {
    /// Removes this device's data from the phone (see ``LocalDeviceData``) without asking
    /// the server: keys, the App Attest key id, the session's token, the keychain's items
    /// and the additional wipes. The client signs nothing afterwards until it enrolls again:
    /// calls that need a key answer `device_revoked` (a `Problem`) without a request.
    /// - Throws: the first failure, after every step has run.
    public func wipeLocalData() async throws {
        var firstFailure: (any Error)?
        func attempt(_ step: () async throws -> Void) async {
            do { try await step() } catch { if firstFailure == nil { firstFailure = error } }
        }
        updateKeys { keys in
            keys = BoundKeys(wiped: true)
        }
        await attempt { try appAttest?.storeKeyId(nil) }
        await attempt { await localData?.session?.lock() }
        await attempt { try localData?.keychain?.deleteAll() }
        for store in localData?.fileStores ?? [] { await attempt { try store.destroy() } }
        for wipe in localData?.additionalWipes ?? [] { await attempt(wipe) }
        if let firstFailure { throw firstFailure }
    }

    /// `call`, with the local wipe run first when the server answers `device_revoked`.
    func wipingWhenRevoked<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let problem as Problem where problem.code == .deviceRevoked {
            try? await wipeLocalData()
            throw problem
        }
    }
}
