/// The keychain access groups an app may use, in Apple's order
/// (`SecTaskCopyAccessGroups`, `server_entitlement_helpers.c`): the
/// `keychain-access-groups` entries, then `TEAMID.bundleID`, then the app groups.
///
/// An item added without `agrp` goes to the first group; searches without `agrp` cover
/// them all. Items also carry their team, so app-group names (which Apple registers
/// globally) can never be shared across teams in the emulator either.
struct AccessGroups: Sendable, Equatable {
    /// The team every group belongs to.
    let team: String
    /// The groups, first one the default; no duplicates.
    let groups: [String]

    init(_ identity: AppIdentity) {
        team = identity.teamID
        guard !identity.teamID.isEmpty, !identity.bundleID.isEmpty else {
            groups = []
            return
        }
        let teamPrefix = identity.teamID + "."
        var ordered: [String] = []
        for group in identity.keychainAccessGroups where group.hasPrefix(teamPrefix) && !ordered.contains(group) {
            ordered.append(group)
        }
        for group in [identity.applicationIdentifier] + identity.appGroups where !ordered.contains(group) {
            ordered.append(group)
        }
        groups = ordered
    }

    /// The group for a new item: the explicit one if entitled, else the first group.
    func groupForNewItem(explicit: String?) throws(KeychainFailure) -> String {
        try checkEntitled()
        if let explicit {
            try checkEntitled(to: explicit)
            return explicit
        }
        return groups[0]
    }

    /// The groups a query searches: the explicit one if entitled, else all of them.
    func searchScope(explicit: String?) throws(KeychainFailure) -> Set<String> {
        try checkEntitled()
        if let explicit {
            try checkEntitled(to: explicit)
            return [explicit]
        }
        return Set(groups)
    }

    /// Throws -34018 unless the app may use `group`.
    func checkEntitled(to group: String) throws(KeychainFailure) {
        guard groups.contains(group) else {
            // SecItemServer.c: "Client explicitly specifies access group %@ but is only entitled for %@"
            throw .missingEntitlement("the app explicitly names access group \(group) but is entitled only to \(groups)")
        }
    }

    private func checkEntitled() throws(KeychainFailure) {
        guard !groups.isEmpty else {
            throw .missingEntitlement("the app has neither application-identifier nor keychain-access-groups entitlements")
        }
    }
}
