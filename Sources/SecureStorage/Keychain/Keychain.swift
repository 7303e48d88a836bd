import Foundation

/// A Keychain service for one app's generic passwords, that gets the classic pitfalls
/// right.
///
/// - **Upsert without races.** ``save(_:for:)`` updates first, adds when there is nothing
///   to update, and updates again when a concurrent save added the item in between. It
///   never deletes then adds, so there is no moment without the item and no
///   `errSecDuplicateItem` from two threads.
/// - **"Locked" is not "logged out".** Reads return the data or throw the precise
///   ``KeychainError``; only ``KeychainError/itemNotFound`` means absent
///   (``loadIfPresent(for:)`` returns `nil` for that case alone).
/// - **A safe default class.** Items default to ``Accessibility/afterFirstUnlockThisDeviceOnly``:
///   readable by background work after the first unlock, never copied to another device.
///   ``migrateAccessibility(to:)`` re-protects items saved with a wrong class in place.
/// - **No prompts on the calling thread.** The synchronous ``load(for:)`` never shows UI
///   (an item that needs it throws ``KeychainError/interactionNotAllowed``); items with an
///   access control are read with the `async` ``load(for:prompt:context:)``, which runs the
///   blocking keychain call on a background queue.
///
/// All calls go through one ``KeychainBackend``: the system keychain on Apple platforms,
/// an emulated device's keychain in tests.
public struct Keychain: KeychainService {
    /// The `kSecAttrService` of every item.
    public let service: String
    /// The access group items are written to and searched in; `nil` means the app's
    /// default group for writes and all of its groups for reads.
    public let accessGroup: String?
    /// The protection class of new items.
    public let accessibility: Accessibility
    /// Whether items go to iCloud Keychain. Not allowed with a `…ThisDeviceOnly` class.
    public let synchronizable: Bool
    /// Who must be present to read new items, or `nil` for no prompt.
    public let accessControl: AccessControl?
    let backend: any KeychainBackend

    /// A keychain over `backend`.
    public init(
        service: String,
        accessGroup: String? = nil,
        accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly,
        synchronizable: Bool = false,
        accessControl: AccessControl? = nil,
        backend: any KeychainBackend
    ) {
        self.service = service
        self.accessGroup = accessGroup
        self.accessibility = accessibility
        self.synchronizable = synchronizable
        self.accessControl = accessControl
        self.backend = backend
    }

    // MARK: KeychainService

    /// Stores `data` under `key`: update, else add, else (a concurrent add won) update
    /// again — never delete-then-add.
    ///
    /// Never prompts: when the existing item's access control would need biometry or the
    /// passcode, this throws ``KeychainError/interactionNotAllowed``; use
    /// ``save(_:for:prompt:context:)`` for such items.
    /// - Throws: ``KeychainError``; ``KeychainError/invalidParameters`` for a synchronizable
    ///   keychain with a `…ThisDeviceOnly` class.
    public func save(_ data: Data, for key: String) throws {
        try upsert(data, for: key, use: [KeychainConstants.useAuthenticationUI: KeychainConstants.useAuthenticationUIFail])
    }

    /// Stores `data` under `key`, showing the system prompt with `prompt` when replacing an
    /// access-controlled item requires authentication. The blocking keychain calls run on
    /// a background queue, never on the main actor.
    public func save(_ data: Data, for key: String, prompt: String, context: AuthenticationContext? = nil) async throws {
        var use: [String: Any] = [KeychainConstants.useOperationPrompt: prompt]
        if let context { use[KeychainConstants.useAuthenticationContext] = context }
        let options = UncheckedQuery(use)
        try await onBackgroundQueue { try upsert(data, for: key, use: options.query) }
    }

    /// Adds `data` under `key` only when nothing is stored there yet.
    /// - Returns: `false` when an item already exists (it is left unchanged).
    public func addIfAbsent(_ data: Data, for key: String) throws -> Bool {
        try validateConfiguration()
        let status = backend.add(newItemAttributes(data, for: key))
        if status == KeychainConstants.statusDuplicateItem { return false }
        try KeychainError.check(status)
        return true
    }

    /// The upsert loop: a bounded number of update/add rounds, so that a concurrent
    /// delete between a lost add and the retried update does not surface as an error.
    private func upsert(_ data: Data, for key: String, use: [String: Any]) throws {
        try validateConfiguration()
        let query = itemQuery(for: key).merging(use) { _, new in new }
        let changes: [String: Any] = [KeychainConstants.valueData: data]
        let attributes = newItemAttributes(data, for: key)
        for _ in 0..<Self.upsertRounds {
            let updated = backend.update(query, changes)
            guard updated == KeychainConstants.statusItemNotFound else { return try KeychainError.check(updated) }
            let added = backend.add(attributes)
            guard added == KeychainConstants.statusDuplicateItem else { return try KeychainError.check(added) }
        }
        throw KeychainError.duplicateItem
    }

    /// Update/add rounds before giving up: each lost round means another writer changed
    /// the item in between, which three times in a row does not happen by accident.
    static let upsertRounds = 3

    /// The value under `key`, without ever prompting: an item that needs authentication
    /// throws ``KeychainError/interactionNotAllowed`` (use ``load(for:prompt:context:)``).
    /// - Throws: ``KeychainError/itemNotFound`` when absent; any other ``KeychainError``
    ///   when the value may exist but cannot be read now.
    public func load(for key: String) throws -> Data {
        var query = itemQuery(for: key)
        query[KeychainConstants.useAuthenticationUI] = KeychainConstants.useAuthenticationUIFail
        return try copyData(query)
    }

    /// Removes the value under `key`; succeeds when there is none.
    public func delete(for key: String) throws {
        let status = backend.delete(itemQuery(for: key))
        guard status != KeychainConstants.statusItemNotFound else { return }
        try KeychainError.check(status)
    }

    // MARK: Beyond the protocol

    /// The value under `key`, or `nil` when there is none. Every error other than
    /// ``KeychainError/itemNotFound`` is thrown: a locked phone is not a logged-out user.
    public func loadIfPresent(for key: String) throws -> Data? {
        do {
            return try load(for: key)
        } catch KeychainError.itemNotFound {
            return nil
        }
    }

    /// Removes every item of this service in this keychain's access group, synchronized or
    /// not; succeeds when there is none.
    ///
    /// Scoped to one group: ``accessGroup`` or, when it is `nil`, the app's default group
    /// (where this keychain's saves went). A delete query without a group would reach every
    /// group the app can see, so an app's `deleteAll()` would also remove items its
    /// extensions keep under the same service in a shared group. The default group is found
    /// by adding a probe item and reading its group back (no API names it), so the call
    /// needs the keychain to be writable (after the first unlock).
    public func deleteAll() throws {
        try deleteAll(synchronizable: KeychainConstants.synchronizableAny)
    }

    /// Deletes every item of the service, in this keychain's group (see ``deleteAll()``),
    /// with the given `sync` query value (`true`, `false` or `syna`); succeeds when there
    /// is none.
    func deleteAll(synchronizable: Any) throws {
        var query = baseQuery
        if let group = try accessGroup ?? defaultAccessGroup() { query[KeychainConstants.accessGroup] = group }
        query[KeychainConstants.synchronizable] = synchronizable
        let status = backend.delete(query)
        guard status != KeychainConstants.statusItemNotFound else { return }
        try KeychainError.check(status)
    }

    /// The group an item added without `kSecAttrAccessGroup` goes to: a probe item is
    /// added, its `agrp` read back, and the probe deleted. `nil` for a backend that keeps no
    /// groups (a test double), where a query without a group reaches the same items.
    func defaultAccessGroup() throws -> String? {
        var probe = baseQuery
        probe[KeychainConstants.account] = "devicetrust.access-group-probe.\(UUID().uuidString)"
        probe[KeychainConstants.synchronizable] = false
        probe.removeValue(forKey: KeychainConstants.accessGroup)
        var add = probe
        add[KeychainConstants.accessible] = Accessibility.afterFirstUnlockThisDeviceOnly.rawValue
        add[KeychainConstants.valueData] = Data()
        try KeychainError.check(backend.add(add))
        defer { _ = backend.delete(probe) }
        var read = probe
        read[KeychainConstants.returnAttributes] = true
        read[KeychainConstants.matchLimit] = KeychainConstants.matchLimitOne
        let (status, result) = backend.copyMatching(read)
        try KeychainError.check(status)
        return (result as? [String: Any])?[KeychainConstants.accessGroup] as? String
    }

    /// Re-protects every existing item of this service with `accessibility`, in place
    /// (one `SecItemUpdate`, no delete-and-add, no moment without the items).
    ///
    /// The fix for tokens saved as `whenUnlocked` that background work must read while the
    /// phone is locked: migrate to ``Accessibility/afterFirstUnlockThisDeviceOnly`` once,
    /// while unlocked, and construct the keychain with the new class for later saves.
    /// On a keychain with an ``accessControl``, every item of the service gets that access
    /// control with the new class. Succeeds when there is nothing to migrate.
    /// - Throws: ``KeychainError/interactionNotAllowed`` when the items cannot be written
    ///   now (locked device); ``KeychainError/invalidParameters`` for a `…ThisDeviceOnly`
    ///   class on a synchronizable keychain.
    public func migrateAccessibility(to accessibility: Accessibility) throws {
        if synchronizable && accessibility.isThisDeviceOnly { throw KeychainError.invalidParameters }
        let changes: [String: Any]
        if let accessControl {
            changes = [KeychainConstants.accessControl: KeychainAccessControl(accessibility: accessibility, flags: accessControl)]
        } else {
            changes = [KeychainConstants.accessible: accessibility.rawValue]
        }
        let status = backend.update(baseQuery, changes)
        guard status != KeychainConstants.statusItemNotFound else { return }
        try KeychainError.check(status)
    }

    /// Reads an access-controlled item, showing the system prompt with `prompt` when the
    /// item's access control asks for biometry or the passcode.
    ///
    /// The blocking keychain call runs on a background queue, never on the main actor.
    /// Pass the same `context` to several reads to authenticate once.
    /// - Throws: ``KeychainError/userCanceled`` when the user cancels,
    ///   ``KeychainError/authenticationFailed`` when authentication fails or the item's
    ///   biometric enrolment changed, ``KeychainError/itemNotFound`` when absent.
    public func load(for key: String, prompt: String, context: AuthenticationContext?) async throws -> Data {
        var query = itemQuery(for: key)
        query[KeychainConstants.useOperationPrompt] = prompt
        if let context { query[KeychainConstants.useAuthenticationContext] = context }
        let request = UncheckedQuery(query)
        return try await onBackgroundQueue { try copyData(request.query) }
    }

    /// Runs a blocking keychain call (which may show a system prompt) on a background
    /// queue and resumes the caller with its result.
    private func onBackgroundQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// ``load(for:prompt:context:)`` with a fresh authentication context.
    public func load(for key: String, prompt: String) async throws -> Data {
        try await load(for: key, prompt: prompt, context: nil)
    }

    // MARK: Queries

    /// Class, service, access group (when set) and the synchronizable flag: what every
    /// query of this keychain matches on.
    var baseQuery: [String: Any] {
        var query: [String: Any] = [
            KeychainConstants.itemClass: KeychainConstants.classGenericPassword,
            KeychainConstants.service: service,
            KeychainConstants.synchronizable: synchronizable,
        ]
        if let accessGroup { query[KeychainConstants.accessGroup] = accessGroup }
        #if os(macOS)
        query[KeychainConstants.useDataProtectionKeychain] = true
        #endif
        return query
    }

    func itemQuery(for key: String) -> [String: Any] {
        var query = baseQuery
        query[KeychainConstants.account] = key
        return query
    }

    /// Everything `SecItemAdd` needs for a new item: the item query, its protection and
    /// the data.
    func newItemAttributes(_ data: Data, for key: String) -> [String: Any] {
        var attributes = itemQuery(for: key).merging(protectionAttributes) { _, new in new }
        attributes[KeychainConstants.valueData] = data
        return attributes
    }

    /// `pdmn`, or `accc` carrying the class when there is an access control — never both.
    var protectionAttributes: [String: Any] {
        if let accessControl {
            return [KeychainConstants.accessControl: KeychainAccessControl(accessibility: accessibility, flags: accessControl)]
        }
        return [KeychainConstants.accessible: accessibility.rawValue]
    }

    private func validateConfiguration() throws(KeychainError) {
        if synchronizable && accessibility.isThisDeviceOnly { throw .invalidParameters }
    }

    private func copyData(_ query: [String: Any]) throws -> Data {
        var query = query
        query[KeychainConstants.returnData] = true
        query[KeychainConstants.matchLimit] = KeychainConstants.matchLimitOne
        let (status, result) = backend.copyMatching(query)
        try KeychainError.check(status)
        guard let data = result as? Data else { throw KeychainError.unexpectedStatus(KeychainConstants.statusDecode) }
        return data
    }
}

/// A query dictionary carried to the background queue. Its values are immutable
/// strings, data, flags and Sendable contexts built by ``Keychain`` itself.
private struct UncheckedQuery: @unchecked Sendable {
    let query: [String: Any]
    init(_ query: [String: Any]) { self.query = query }
}
