import AuditKit

/// `get-task-allow` true in the entitlements an app is signed with: any process may attach
/// a debugger to it.
struct PlatformGetTaskAllow: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-get-task-allow",
        title: "Debugger attachment allowed (get-task-allow)",
        severity: .high,
        category: .platform,
        masvs: "MASVS-RESILIENCE-4",
        cwe: 489,
        rationale:
            "get-task-allow lets a debugger attach to the app: Xcode sets it for development signing only. An app signed with it (a development or ad-hoc profile shipped to users, or the key written into the source entitlements so every configuration carries it) can be attached to with lldb or Frida on a device without a jailbreak, which exposes its memory, keychain results and decrypted data. Read from the built app's archived-expanded-entitlements.xcent and embedded.mobileprovision, and from source .entitlements files.",
        fix:
            "Ship builds signed with a distribution (App Store or enterprise) profile, which never carries get-task-allow, and remove get-task-allow from the .entitlements files in the repository: Xcode adds it to debug builds by itself."
    )

    let triggers = ["get-task-allow"]

    let triggersAreCode = false

    let preCheck = PreCheck.only([.propertyList])

    func checkPropertyList(_ plist: PropertyListFile, project _: ProjectFacts) -> [Match] {
        switch plist.role {
        case .entitlements:
            guard plist.root["get-task-allow"]?.isTrue == true else { return [] }
            return [Match(plist.range(ofKey: "get-task-allow"), "get-task-allow is true: a debugger may attach to the app")]
        case .provisioningProfile:
            guard plist.root["Entitlements"]?["get-task-allow"]?.isTrue == true else { return [] }
            return [
                Match(
                    plist.range(ofKey: "get-task-allow"),
                    "the provisioning profile grants get-task-allow: the app is development-signed, and a debugger may attach")
            ]
        default:
            return []
        }
    }
}
