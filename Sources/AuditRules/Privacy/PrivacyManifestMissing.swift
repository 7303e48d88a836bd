import SwiftSyntax
import AuditKit

/// Required-reason APIs used while no privacy manifest declares their category.
struct PrivacyManifestMissing: AuditRule {
    let metadata = RuleMetadata(
        id: "privacy-manifest-missing",
        title: "Required-reason API used without a privacy manifest declaration",
        severity: .medium,
        category: .privacy,
        masvs: "MASVS-PRIVACY-1",
        rationale:
            "Since May 2024 App Store Connect rejects apps and SDKs that call required-reason APIs — UserDefaults, file timestamps, system boot time, disk space, active keyboards — without declaring each category and an approved reason in PrivacyInfo.xcprivacy (NSPrivacyAccessedAPITypes). These APIs can fingerprint a device, which is why Apple asks for the purpose. Reported once per project and category, at the first use (by path), with the number of other files that use the category. Test code is not checked (it is not shipped), and only app projects are: when no Info.plist, entitlements file or privacy manifest is found at all (a lone source file, a library), nothing is reported.",
        fix:
            "Add PrivacyInfo.xcprivacy to the app target with an NSPrivacyAccessedAPITypes entry per category used, each with its reason codes (e.g. CA92.1 for the app's own UserDefaults, C617.1 for timestamps of files in the app container, 35F9.1 for elapsed time from boot, E174.1 for checking space before writing), and make sure third-party SDKs ship their own manifests."
    )

    let skipsTestCode = true

    let triggers = [
        "UserDefaults", "AppStorage", "creationDate", "modificationDate", "ModificationDate", "CreationDate", "stat(", "stat (", "fstat", "lstat", "statfs",
        "getattrlist",
        "systemUptime", "mach_absolute_time", "boottime", "BOOTTIME", "sysctl", "Capacity", "FreeSize", "systemSize", "SystemSize", "statvfs",
        "activeInputModes",
    ]

    private static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"
    private static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
    private static let bootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
    private static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
    private static let keyboards = "NSPrivacyAccessedAPICategoryActiveKeyboards"

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.bank.app</string></dict></plist>
        """

    static func manifest(_ categories: [String]) -> String {
        let entries = categories.map { category in
            "<dict><key>NSPrivacyAccessedAPIType</key><string>\(category)</string><key>NSPrivacyAccessedAPITypeReasons</key><array><string>CA92.1</string></array></dict>"
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSPrivacyAccessedAPITypes</key><array>\(entries)</array></dict></plist>
            """
    }

    func checkSwift(_ file: SwiftFile, project: ProjectFacts) -> [Match] {
        undeclared({ swiftUses(file, project: project) }, project: project)
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project: ProjectFacts) -> [Match] {
        undeclared({ objectiveCUses(file) }, project: project)
    }

    /// The first use of each category no privacy manifest declares; `uses` is found only
    /// in an app project.
    private func undeclared(_ uses: () -> [(category: String, range: SourceRange, api: String)], project: ProjectFacts) -> [Match] {
        // Only app projects: a lone file or a library without any bundle plist is not judged.
        guard !project.infoPlists.isEmpty || !project.privacyManifests.isEmpty || !project.entitlements.isEmpty else { return [] }
        let uses = uses()
        var reported: Set<String> = []
        var matches: [Match] = []
        for use in uses.sorted(by: { $0.range < $1.range }) where !project.declaredAccessedAPITypes.contains(use.category) {
            guard reported.insert(use.category).inserted else { continue }
            let shortName = use.category.replacingOccurrences(of: "NSPrivacyAccessedAPICategory", with: "")
            let why = project.privacyManifests.isEmpty ? "the project has no PrivacyInfo.xcprivacy" : "no PrivacyInfo.xcprivacy declares \(use.category)"
            matches.append(Match(use.range, "\(use.api) is a required-reason API (\(shortName)) but \(why)", projectFact: use.category))
        }
        return matches
    }

    private static let fileTimestampMembers: Set<String> = [
        "contentModificationDateKey", "creationDateKey", "contentAccessDateKey", "attributeModificationDateKey",
        "contentModificationDate", "contentAccessDate", "attributeModificationDate", "fileModificationDate", "fileCreationDate",
    ]
    private static let diskSpaceMembers: Set<String> = [
        "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey", "volumeAvailableCapacityForOpportunisticUsageKey",
        "volumeTotalCapacityKey", "volumeAvailableCapacity", "volumeAvailableCapacityForImportantUsage",
        "volumeAvailableCapacityForOpportunisticUsage", "volumeTotalCapacity", "systemFreeSize", "systemSize",
    ]
    private static let fileTimestampFunctions: Set<String> = [
        "stat", "fstat", "lstat", "fstatat", "getattrlist", "fgetattrlist", "getattrlistat", "getattrlistbulk",
    ]
    private static let diskSpaceFunctions: Set<String> = ["statfs", "statvfs", "fstatfs", "fstatvfs"]

    /// Names whose every use in code is a required-reason API use, found on the lexical
    /// pass without parsing.
    private static let swiftIdentifiers: [String: String] = {
        var names: [String: String] = [
            "UserDefaults": userDefaults, "NSUserDefaults": userDefaults,
            "NSFileSystemFreeSize": diskSpace, "NSFileSystemSize": diskSpace,
            "KERN_BOOTTIME": bootTime, "systemUptime": bootTime,
            "NSFileModificationDate": fileTimestamp, "NSFileCreationDate": fileTimestamp,
            "activeInputModes": keyboards,
        ]
        for name in fileTimestampMembers { names[name] = fileTimestamp }
        for name in diskSpaceMembers { names[name] = diskSpace }
        return names
    }()

    /// Names that are an API use only in some syntactic positions: these need the parse.
    private static let swiftContextualNames: Set<String> = fileTimestampFunctions.union(diskSpaceFunctions).union(["creationDate", "modificationDate"])

    private func swiftUses(_ file: SwiftFile, project: ProjectFacts) -> [(category: String, range: SourceRange, api: String)] {
        var uses = swiftLexicalUses(file)
        guard Self.mayUseContextualName(file, project: project) else { return uses }
        for member in file.index.memberAccesses {
            let name = member.declName.baseName.text
            guard name == "creationDate" || name == "modificationDate" else { continue }
            // Only as a FileAttributeKey: `attributes[.modificationDate]`, `FileAttributeKey.creationDate`.
            if member.base?.trimmedDescription == "FileAttributeKey" || (member.base == nil && isAttributeKeyUse(member)) {
                uses.append((Self.fileTimestamp, member.base == nil ? file.range(of: member) : file.range(of: member.declName), name))
            }
        }
        for call in file.index.calls where call.calledExpression.is(DeclReferenceExprSyntax.self) && call.arguments.count >= 2 {
            let name = call.calleeName
            if Self.fileTimestampFunctions.contains(name) {
                uses.append((Self.fileTimestamp, file.range(of: call), name))
            } else if Self.diskSpaceFunctions.contains(name) {
                uses.append((Self.diskSpace, file.range(of: call), name))
            }
        }
        return uses
    }

    /// Whether the parse can add a use: a contextual name of a category no manifest of the
    /// project declares, where the parse may find it (`creationDate` after a `.`, a file
    /// function before a `(`). Else the file is not parsed for this rule.
    private static func mayUseContextualName(_ file: SwiftFile, project: ProjectFacts) -> Bool {
        let timestampsUndeclared = !project.declaredAccessedAPITypes.contains(fileTimestamp)
        let diskSpaceUndeclared = !project.declaredAccessedAPITypes.contains(diskSpace)
        guard timestampsUndeclared || diskSpaceUndeclared else { return false }
        let identifiers = file.lexical.identifiers
        guard swiftContextualNames.contains(where: { identifiers.contains(Substring($0)) }) else { return false }
        let tokens = file.tokens.tokens
        let utf8 = Array(file.text.utf8)
        /// Whether a `.` comes before the token, white space aside.
        func afterDot(_ token: SwiftTokens.Token) -> Bool {
            utf8[..<token.start].last(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) == UInt8(ascii: ".")
        }
        /// Whether the next token but line ends is `(`.
        func beforeParenthesis(_ index: Int) -> Bool {
            tokens[(index + 1)...].first(where: { $0.kind != .newline }).map { $0.kind == .punctuation && $0.byte == UInt8(ascii: "(") } ?? false
        }
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let name = String(token.text(in: file.text))
            if name == "creationDate" || name == "modificationDate" {
                if timestampsUndeclared && afterDot(token) { return true }
            } else if fileTimestampFunctions.contains(name) {
                if timestampsUndeclared && beforeParenthesis(index) { return true }
            } else if diskSpaceFunctions.contains(name) {
                if diskSpaceUndeclared && beforeParenthesis(index) { return true }
            }
        }
        return false
    }

    /// The uses the lexical pass can tell: the names in ``swiftIdentifiers`` (a leading
    /// `.` of an implicit member included), `@AppStorage`, `mach_absolute_time()` and the
    /// `"kern.boottime"` sysctl name.
    private func swiftLexicalUses(_ file: SwiftFile) -> [(category: String, range: SourceRange, api: String)] {
        let tokens = file.tokens.tokens
        let utf8 = Array(file.text.utf8)
        var uses: [(category: String, range: SourceRange, api: String)] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .literal:
                if utf8[token.start..<token.end].elementsEqual("kern.boottime".utf8) {
                    uses.append((Self.bootTime, file.range(fromOffset: token.start - 1, to: token.end + 1), "sysctl kern.boottime"))
                }
            case .identifier:
                let name = String(decoding: utf8[token.start..<token.end], as: UTF8.self)
                if let category = Self.swiftIdentifiers[name] {
                    // `.volumeAvailableCapacityKey`: an implicit member starts at its dot.
                    let implicit =
                        token.start >= 1 && utf8[token.start - 1] == UInt8(ascii: ".")
                        && (token.start < 2 || !Self.endsExpression(utf8[token.start - 2]))
                    uses.append((category, file.range(fromOffset: implicit ? token.start - 1 : token.start, to: token.end), name))
                } else if name == "AppStorage", index > 0, tokens[index - 1].kind == .punctuation, tokens[index - 1].byte == UInt8(ascii: "@") {
                    uses.append((Self.userDefaults, file.range(fromOffset: tokens[index - 1].start, to: token.end), "@AppStorage"))
                } else if name == "mach_absolute_time", index + 2 < tokens.count,
                    tokens[index + 1].byte == UInt8(ascii: "("), tokens[index + 1].start == token.end, tokens[index + 2].byte == UInt8(ascii: ")")
                {
                    uses.append((Self.bootTime, file.range(fromOffset: token.start, to: tokens[index + 2].end), "mach_absolute_time"))
                }
            default:
                break
            }
        }
        return uses
    }

    /// Whether a byte before `.` ends an expression, making the member explicit (`a.b`, `x?.b`, `f().b`).
    private static func endsExpression(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "\""), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// `.modificationDate` used as a file attribute key: a subscript key, a dictionary
    /// key, or an argument of a FileManager attributes call.
    private func isAttributeKeyUse(_ member: MemberAccessExprSyntax) -> Bool {
        guard let parent = member.parent else { return false }
        if let argument = parent.as(LabeledExprSyntax.self), argument.parent?.parent?.is(SubscriptCallExprSyntax.self) == true { return true }
        if let element = parent.as(DictionaryElementSyntax.self), element.key.id == member.id { return true }
        return false
    }

    private static let objectiveCIdentifiers: [String: String] = [
        "NSUserDefaults": userDefaults,
        "NSFileCreationDate": fileTimestamp, "NSFileModificationDate": fileTimestamp, "NSURLCreationDateKey": fileTimestamp,
        "NSURLContentModificationDateKey": fileTimestamp, "NSURLContentAccessDateKey": fileTimestamp,
        "NSURLAttributeModificationDateKey": fileTimestamp, "fileModificationDate": fileTimestamp, "fileCreationDate": fileTimestamp,
        "systemUptime": bootTime, "KERN_BOOTTIME": bootTime,
        "NSFileSystemFreeSize": diskSpace, "NSFileSystemSize": diskSpace, "NSURLVolumeAvailableCapacityKey": diskSpace,
        "NSURLVolumeAvailableCapacityForImportantUsageKey": diskSpace, "NSURLVolumeAvailableCapacityForOpportunisticUsageKey": diskSpace,
        "NSURLVolumeTotalCapacityKey": diskSpace,
        "activeInputModes": keyboards,
    ]

    private func objectiveCUses(_ file: ObjectiveCFile) -> [(category: String, range: SourceRange, api: String)] {
        let tokens = file.tokens
        var uses: [(category: String, range: SourceRange, api: String)] = []
        for (index, token) in tokens.enumerated() {
            if token.kind == .string && token.text == "kern.boottime" {
                uses.append((Self.bootTime, file.range(of: token), "sysctl kern.boottime"))
                continue
            }
            guard token.kind == .identifier else { continue }
            if let category = Self.objectiveCIdentifiers[token.text] {
                uses.append((category, file.range(of: token), token.text))
                continue
            }
            let isCall = index + 1 < tokens.count && tokens[index + 1].text == "(" && (index == 0 || tokens[index - 1].text != "struct")
            guard isCall else { continue }
            if Self.fileTimestampFunctions.contains(token.text) {
                uses.append((Self.fileTimestamp, file.range(of: token), token.text))
            } else if Self.diskSpaceFunctions.contains(token.text) {
                uses.append((Self.diskSpace, file.range(of: token), token.text))
            } else if token.text == "mach_absolute_time" {
                uses.append((Self.bootTime, file.range(of: token), token.text))
            }
        }
        return uses
    }
}
