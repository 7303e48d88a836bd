import AuditKit

/// A keychain access group in the signed entitlements that is a wildcard, or belongs to
/// another team.
struct KeychainAccessGroupBroad: AuditRule {
    let metadata = RuleMetadata(
        id: "keychain-access-group-broad",
        title: "Keychain access group is a wildcard or another team's",
        severity: .medium,
        category: .keychain,
        masvs: "MASVS-STORAGE-1",
        cwe: 732,
        rationale:
            "keychain-access-groups decides which apps share the app's Keychain items. A group ending in * in the entitlements an app is signed with shares them with every app of the team that claims a matching group, present and future; a group under another team's prefix means the app was signed to reach items it does not own (or was re-signed). Items saved without an explicit kSecAttrAccessGroup go to the first group listed. Provisioning profiles grant TEAM.* by design and are not reported: the signed entitlements (archived-expanded-entitlements.xcent, .entitlements files) are what counts.",
        fix:
            "List the exact groups the app and its extensions share ($(AppIdentifierPrefix)com.example.shared), never a wildcard, and pass kSecAttrAccessGroup explicitly when saving shared items (DeviceTrust's Keychain takes the access group per item)."
    )

    let triggers = ["keychain-access-groups"]

    let triggersAreCode = false

    let preCheck = PreCheck.only([.propertyList])

    func checkPropertyList(_ plist: PropertyListFile, project _: ProjectFacts) -> [Match] {
        guard plist.role == .entitlements, let groups = plist.root["keychain-access-groups"]?.array else { return [] }
        let team = Self.teamPrefix(of: plist.root)
        var matches: [Match] = []
        for group in groups.compactMap(\.string) {
            if group.hasSuffix("*") {
                matches.append(
                    Match(
                        plist.range(ofKey: "keychain-access-groups"),
                        "keychain access group \(group) is a wildcard: every matching app of the team shares these items"))
            } else if let team, let prefix = group.split(separator: ".").first, prefix.count == 10, prefix.allSatisfy({ $0.isUppercase || $0.isNumber }),
                String(prefix) != team
            {
                matches.append(
                    Match(plist.range(ofKey: "keychain-access-groups"), "keychain access group \(group) belongs to team \(prefix), not the app's team \(team)"))
            }
        }
        return matches
    }

    /// The signing team: `com.apple.developer.team-identifier`, or the prefix of
    /// `application-identifier` (nil in source entitlements, which hold no team).
    private static func teamPrefix(of root: PropertyListValue) -> String? {
        if let team = root["com.apple.developer.team-identifier"]?.string, !team.isEmpty { return team }
        guard let identifier = root["application-identifier"]?.string, let prefix = identifier.split(separator: ".").first, prefix.count == 10 else {
            return nil
        }
        return String(prefix)
    }
}
