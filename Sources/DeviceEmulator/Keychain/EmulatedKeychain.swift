import Foundation
import SecureStorage

/// The SecItem semantics of iOS's keychain for `genp` items, as a value-type state machine
/// over an array of stored items: no locks, no device, no I/O. ``EmulatedDevice`` keeps
/// one behind its mutex and passes in who is calling and what state the device is in.
///
/// Every operation either succeeds and changes the items, or throws a ``KeychainFailure``
/// with Apple's status and changes nothing.
struct EmulatedKeychain: Sendable {
    /// The items, in insertion order.
    private(set) var items: [StoredItem] = []
    private var nextRowID: UInt64 = 1

    /// Who calls, and what the device allows at this moment.
    struct Environment: Sendable {
        /// The calling app's access groups.
        let caller: AccessGroups
        /// The lock state and passcode.
        let dataProtection: DataProtection
        /// The biometric enrolment new access controls bind to.
        let enrolment: UInt64
        /// The time stamped on created or modified items.
        let now: Date
    }

    // MARK: SecItemAdd

    /// `SecItemAdd`: -34018 for a group the app is not entitled to, -50 for a
    /// `…ThisDeviceOnly` class with `sync`, -25293 for `akpu` without a passcode, -25308
    /// when the class is unavailable (checked before uniqueness, as the item is encrypted
    /// before it is inserted), -25299 for a duplicate primary key.
    mutating func add(_ query: KeychainQuery, in environment: Environment) throws(KeychainFailure) {
        let attributes = query.attributes
        let group = try environment.caller.groupForNewItem(explicit: attributes.accessGroup)
        var item = StoredItem(
            rowID: nextRowID, team: environment.caller.team, accessGroup: group,
            account: attributes.account ?? "", service: attributes.service ?? "",
            isSynchronizable: attributes.synchronizable == .value(true),
            // SecDbQuery.c query_infer_keyclass: everything but certificates defaults to ak.
            protection: attributes.protection ?? .whenUnlocked, accessControl: nil,
            boundEnrolment: environment.enrolment, data: query.data ?? Data(),
            label: attributes.label, description: attributes.description, comment: attributes.comment,
            generic: attributes.generic, creationDate: environment.now, modificationDate: environment.now)
        if let accessControl = attributes.accessControl {
            item.setAccessControl(accessControl, enrolment: environment.enrolment)
        }
        try Self.checkSynchronizable(item)
        try environment.dataProtection.checkWritable(item)
        guard !items.contains(where: { $0.primaryKey == item.primaryKey }) else { throw .duplicateItem }
        items.append(item)
        nextRowID += 1
    }

    // MARK: SecItemCopyMatching

    /// `SecItemCopyMatching`: the first match, or up to `m_Limit` matches in insertion
    /// order. Fails with -25300 when nothing matches, -25308 when a returned item's class is
    /// unavailable (the whole call fails, as `SecItemDb.c` stops the query at the first
    /// error that is not "authentication needed"), and with the prompt's status when
    /// returning data of an access-controlled item needs authentication that does not
    /// succeed. One prompt covers every item of the call. With `u_AuthUIS`, items whose
    /// data would need a prompt are left out.
    func copyMatching(
        _ query: KeychainQuery, in environment: Environment, authentication: inout AuthenticationState
    ) throws(KeychainFailure) -> SearchResult {
        var found = try matches(of: query, in: environment).map { items[$0] }
        if query.use.authenticationUI == .skip && query.returnData && !authentication.isAuthenticated(query.use.context) {
            // SecItemDb.c: rows whose decryption needs authentication (errSecAuthNeeded)
            // are dropped; attribute-only results need none.
            found.removeAll { $0.accessPolicy != nil }
        }
        found = query.limit.apply(to: found)
        guard !found.isEmpty else { throw .itemNotFound }
        guard found.allSatisfy({ environment.dataProtection.isAvailable($0.protection) }) else {
            throw .protectionUnavailable
        }
        if query.returnData {
            var satisfied = false
            for policy in found.compactMap(\.accessPolicy) {
                try Self.authorize(policy, query.use, environment, &authentication, &satisfied)
            }
        }
        return SearchResult(
            items: found, returnData: query.returnData, returnAttributes: query.returnAttributes,
            isSingleItem: query.limit == .one)
    }

    // MARK: SecItemUpdate

    /// `SecItemUpdate`: changes every match, all or nothing. -25300 when nothing matches,
    /// -25308 when a match's class (or the new class) is unavailable, -25299 when the
    /// change would give two items the same primary key, -34018 for a new access group the
    /// app is not entitled to. Changing the data, accessibility or access control of an
    /// access-controlled item re-encrypts it and therefore prompts.
    mutating func update(
        _ query: KeychainQuery, with changes: KeychainQuery, in environment: Environment,
        authentication: inout AuthenticationState
    ) throws(KeychainFailure) {
        if let newGroup = changes.attributes.accessGroup {
            try environment.caller.checkEntitled(to: newGroup)
        }
        let matched = try matches(of: query, in: environment)
        guard !matched.isEmpty else { throw .itemNotFound }
        guard matched.allSatisfy({ environment.dataProtection.isAvailable(items[$0].protection) }) else {
            throw .protectionUnavailable
        }
        var updated: [(index: Int, item: StoredItem)] = []
        for index in matched {
            updated.append((index, try Self.applying(changes, to: items[index], in: environment)))
        }
        let matchedSet = Set(matched)
        var primaryKeys = Set(items.indices.filter { !matchedSet.contains($0) }.map { items[$0].primaryKey })
        for change in updated where !primaryKeys.insert(change.item.primaryKey).inserted {
            throw .duplicateItem
        }
        let reencrypts =
            changes.data != nil || changes.attributes.protection != nil
            || changes.attributes.accessControl != nil
        if reencrypts {
            var satisfied = false
            for policy in matched.compactMap({ items[$0].accessPolicy }) {
                try Self.authorize(policy, query.use, environment, &authentication, &satisfied)
            }
        }
        for change in updated {
            items[change.index] = change.item
        }
    }

    // MARK: SecItemDelete

    /// `SecItemDelete`: removes every match, never prompts. -25300 when nothing matches,
    /// -25308 when a match's class is unavailable.
    mutating func delete(_ query: KeychainQuery, in environment: Environment) throws(KeychainFailure) {
        let matched = try matches(of: query, in: environment)
        guard !matched.isEmpty else { throw .itemNotFound }
        guard matched.allSatisfy({ environment.dataProtection.isAvailable(items[$0].protection) }) else {
            throw .protectionUnavailable
        }
        let doomed = Set(matched)
        items = items.indices.filter { !doomed.contains($0) }.map { items[$0] }
    }

    // MARK: Device events

    /// The passcode was removed: every `akpu` item and every item whose access control
    /// prompts is deleted (`SecItem.h`, Apple's documentation of
    /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`).
    mutating func removeItemsRequiringPasscode() {
        items.removeAll { $0.requiresPasscode }
    }

    /// Replaces every item by those of a backup. Onto another device only the items that
    /// migrate come back; items needing a passcode come back only if one is set.
    mutating func restore(_ backedUp: [StoredItem], ontoSameDevice: Bool, passcodeSet: Bool) {
        items = backedUp.filter { item in
            (ontoSameDevice || item.migratesToOtherDevices) && (passcodeSet || !item.requiresPasscode)
        }
        nextRowID = max(nextRowID, (items.map(\.rowID).max() ?? 0) + 1)
    }

    // MARK: Helpers

    /// Indices of the caller's items that `query` selects.
    private func matches(of query: KeychainQuery, in environment: Environment) throws(KeychainFailure) -> [Int] {
        let filter = query.attributes
        let scope = try environment.caller.searchScope(explicit: filter.accessGroup)
        let team = environment.caller.team
        return items.indices.filter { index in
            let item = items[index]
            guard item.team == team, scope.contains(item.accessGroup) else { return false }
            switch filter.synchronizable {
            // SecItem.h: a query without sync sees only items that do not synchronise.
            case nil, .value(false)?: if item.isSynchronizable { return false }
            case .value(true)?: if !item.isSynchronizable { return false }
            case .any?: break
            }
            return Self.matches(filter.account, item.account)
                && Self.matches(filter.service, item.service)
                && Self.matches(filter.protection, item.protection)
                && Self.matches(filter.label, item.label)
                && Self.matches(filter.description, item.description)
                && Self.matches(filter.comment, item.comment)
                && Self.matches(filter.generic, item.generic)
        }
    }

    private static func matches<T: Equatable>(_ wanted: T?, _ actual: T?) -> Bool {
        wanted == nil || wanted == actual
    }

    /// `item` with `changes` applied and validated, or the failure they cause.
    private static func applying(
        _ changes: KeychainQuery, to item: StoredItem, in environment: Environment
    ) throws(KeychainFailure) -> StoredItem {
        let attributes = changes.attributes
        var item = item
        if let account = attributes.account { item.account = account }
        if let service = attributes.service { item.service = service }
        if let group = attributes.accessGroup { item.accessGroup = group }
        if case .value(let flag)? = attributes.synchronizable { item.isSynchronizable = flag }
        if let accessControl = attributes.accessControl {
            item.setAccessControl(accessControl, enrolment: environment.enrolment)
        }
        if let protection = attributes.protection { item.protection = protection }
        if let label = attributes.label { item.label = label }
        if let description = attributes.description { item.description = description }
        if let comment = attributes.comment { item.comment = comment }
        if let generic = attributes.generic { item.generic = generic }
        if let data = changes.data { item.data = data }
        item.modificationDate = environment.now
        try checkSynchronizable(item)
        try environment.dataProtection.checkWritable(item)
        return item
    }

    /// `SecItem.h`: the `…ThisDeviceOnly` classes cannot be synchronised; nor can items
    /// whose access control prompts, since biometry and passcode are this device's.
    private static func checkSynchronizable(_ item: StoredItem) throws(KeychainFailure) {
        if item.isSynchronizable && (item.protection.isThisDeviceOnly || item.accessPolicy != nil) {
            throw .invalidParameter("a …ThisDeviceOnly class or a prompting access control cannot be synchronizable")
        }
    }

    private static func authorize(
        _ policy: AccessPolicy, _ use: UseOptions, _ environment: Environment,
        _ authentication: inout AuthenticationState, _ satisfied: inout Bool
    ) throws(KeychainFailure) {
        let options = AuthorizationOptions(
            context: use.context, allowsPrompt: use.authenticationUI == .allow, operationPrompt: use.operationPrompt)
        do {
            try authentication.authorize(
                policy, passcodeSet: environment.dataProtection.passcodeSet, options: options,
                satisfiedInThisCall: &satisfied)
        } catch {
            throw KeychainFailure(error)
        }
    }
}

/// What `SecItemCopyMatching` found, before it becomes the untyped result.
struct SearchResult: Sendable {
    let items: [StoredItem]
    let returnData: Bool
    let returnAttributes: Bool
    let isSingleItem: Bool

    /// Apple's result shape: nothing without `r_…` keys; `Data` for `r_Data` alone; an
    /// attribute dictionary (with `v_Data` when both are asked for) otherwise; an array of
    /// those unless the limit is one.
    var value: Any? {
        guard returnData || returnAttributes else { return nil }
        if returnAttributes {
            let dictionaries = items.map { $0.attributeDictionary(includingData: returnData) }
            if isSingleItem { return dictionaries.first }
            return dictionaries
        }
        let data = items.map(\.data)
        if isSingleItem { return data.first }
        return data
    }
}
