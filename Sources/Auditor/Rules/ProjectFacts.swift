/// What the project's property lists declare, for rules that check code against them.
public struct ProjectFacts: Sendable {
    /// Every Info.plist found.
    public let infoPlists: [PropertyListFile]
    /// Every entitlements file found.
    public let entitlements: [PropertyListFile]
    /// Every privacy manifest found.
    public let privacyManifests: [PropertyListFile]
    /// The union of the top-level keys of every Info.plist.
    public let infoPlistKeys: Set<String>
    /// Every `NSPrivacyAccessedAPIType` declared in any privacy manifest.
    public let declaredAccessedAPITypes: Set<String>
    /// The Info.plist keys some `InfoPlist.strings` gives a non-empty value (a usage
    /// description localized there).
    public let localizedInfoPlistKeys: Set<String>

    /// The facts of `files`.
    public init(files: [ScannedFile]) {
        var plists: [PropertyListFile] = []
        for case .propertyList(let plist) in files { plists.append(plist) }
        infoPlists = plists.filter { $0.role == .infoPlist }
        entitlements = plists.filter { $0.role == .entitlements }
        privacyManifests = plists.filter { $0.role == .privacyManifest }
        infoPlistKeys = Set(infoPlists.flatMap { $0.root.dictionary?.keys.map { $0 } ?? [] })
        var declared: Set<String> = []
        for manifest in privacyManifests {
            for entry in manifest.root["NSPrivacyAccessedAPITypes"]?.array ?? [] {
                if let type = entry["NSPrivacyAccessedAPIType"]?.string { declared.insert(type) }
            }
        }
        declaredAccessedAPITypes = declared
        var localized: Set<String> = []
        for strings in plists where strings.role == .localizedInfoPlist {
            for (key, value) in strings.root.dictionary ?? [:] where !(value.string ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                localized.insert(key)
            }
        }
        localizedInfoPlistKeys = localized
    }
}
