import Foundation

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
    /// Whether a build setting (`GENERATE_INFOPLIST_FILE = YES` in `project.pbxproj` or an
    /// xcconfig) has Xcode generate the Info.plist, merging ``generatedInfoPlistKeys``.
    public let generatesInfoPlist: Bool
    /// The keys `INFOPLIST_KEY_<key>` build settings give a non-empty value.
    public let generatedInfoPlistKeys: Set<String>
    /// The names of ``watchedCodeNames`` some Swift or Objective-C file of the project
    /// mentions.
    public let mentionedCodeNames: Set<String>

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
        var generates = false
        var generated: Set<String> = []
        for case .text(let text) in files where text.path.hasSuffix(".xcconfig") || text.path.hasSuffix(SourceDiscovery.xcodeProjectName) {
            for line in text.lines {
                guard let (name, value) = Self.buildSetting(line) else { continue }
                if name == "GENERATE_INFOPLIST_FILE", value.uppercased() == "YES" { generates = true }
                if name.hasPrefix("INFOPLIST_KEY_"), !value.isEmpty { generated.insert(String(name.dropFirst("INFOPLIST_KEY_".count))) }
            }
        }
        generatesInfoPlist = generates
        generatedInfoPlistKeys = generated
        mentionedCodeNames = Self.mentionedCodeNames(in: files)
    }

    /// `NAME = value;` (project file) or `NAME = value` (xcconfig), the value unquoted;
    /// nil for any other line.
    package static func buildSetting(_ line: Substring) -> (name: String, value: String)? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "=") else { return nil }
        var name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
        // `INFOPLIST_KEY_X[sdk=iphoneos*]`: the conditional form sets the same key.
        if let bracket = name.firstIndex(of: "[") { name = String(name[..<bracket]) }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
        var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.hasSuffix(";") { value.removeLast() }
        value = value.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
        return (name, value.trimmingCharacters(in: .whitespaces))
    }
}
