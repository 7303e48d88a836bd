import Foundation

/// A property list file (`Info.plist`, `.entitlements`, `PrivacyInfo.xcprivacy`, any
/// bundled `.plist`, an `InfoPlist.strings`), XML, binary or old-style strings, with a way
/// to find where a key is written.
public struct PropertyListFile: Sendable {
    /// What the file is to the app.
    public enum Role: String, Sendable, Hashable {
        /// The bundle's Info.plist (named so, or holding CFBundleIdentifier).
        case infoPlist
        /// Code-signing entitlements.
        case entitlements
        /// A privacy manifest.
        case privacyManifest
        /// An `InfoPlist.strings`: the Info.plist's strings in one language.
        case localizedInfoPlist
        /// A built app's `embedded.mobileprovision`, as the property list inside its CMS
        /// envelope (`Entitlements`, `ProvisionedDevices`, …).
        case provisioningProfile
        /// Any other property list (bundled configuration).
        case other
    }

    /// The path relative to the scanned root.
    public let path: String
    /// The XML text; nil for a binary plist.
    public let text: String?
    /// The parsed value.
    public let root: PropertyListValue
    /// What the file is.
    public let role: Role
    private let lines: [Substring]

    /// Parses `data` as a file of `role` (an app's `.xcent` is entitlements whatever its
    /// name says); nil when it is not a property list.
    package init?(path: String, data: Data, role: Role) {
        self.init(path: path, data: data, forcedRole: role)
    }

    /// Parses `data`; nil when it is not a property list (the scanner notes it).
    public init?(path: String, data: Data) {
        self.init(path: path, data: data, forcedRole: nil)
    }

    private init?(path: String, data: Data, forcedRole: Role?) {
        guard let value = Self.parse(data), let root = PropertyListValue(foundation: value) else { return nil }
        self.path = path
        self.root = root
        let isXML = data.starts(with: Array("<?xml".utf8)) || data.starts(with: Array("<plist".utf8)) || data.prefix(3) == Data([0xEF, 0xBB, 0xBF])
        text = isXML ? String(decoding: data, as: UTF8.self) : nil
        lines = text.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
        let name = (path as NSString).lastPathComponent
        if let forcedRole {
            role = forcedRole
        } else if name == SourceDiscovery.localizedInfoPlistName {
            role = .localizedInfoPlist
        } else if name.hasSuffix(".entitlements") {
            role = .entitlements
        } else if name.hasSuffix(".xcprivacy") {
            role = .privacyManifest
        } else if name == "Info.plist" || name.hasSuffix("-Info.plist") || root["CFBundleIdentifier"] != nil {
            role = .infoPlist
        } else {
            role = .other
        }
    }

    /// The property list in `data`; for an XML plist that Xcode preprocesses
    /// (`INFOPLIST_PREPROCESS`: `#ifdef INTUNE` … `#endif` between the tags), the plist with
    /// the directive lines blanked, so the keys of every branch count and line numbers stay.
    private static func parse(_ data: Data) -> Any? {
        if let value = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) { return value }
        // Directives may be indented like the tags around them (`\t#ifndef DISABLE_PLAIN_HTTP`).
        guard data.count <= 16 << 20, data.firstRange(of: Data("#if".utf8)) != nil || data.firstRange(of: Data("#include".utf8)) != nil else { return nil }
        let directives = ["#if", "#ifdef", "#ifndef", "#else", "#elif", "#endif", "#include", "#define", "#undef"]
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let word = trimmed.prefix { !$0.isWhitespace }
            return directives.contains(String(word)) ? "" : line
        }
        return try? PropertyListSerialization.propertyList(from: Data(lines.joined(separator: "\n").utf8), options: [], format: nil)
    }

    /// Where `<key>name</key>` is first written (after `after`, when given); line 1 for a
    /// binary plist or a key not found in the text.
    public func range(ofKey name: String, after: Int = 0) -> SourceRange {
        let needle = "<key>\(name)</key>"
        for (offset, line) in lines.enumerated() where offset + 1 > after {
            if let found = line.range(of: needle) {
                let column = line.utf8.distance(from: line.startIndex, to: found.lowerBound) + 1
                return SourceRange(line: offset + 1, column: column, endLine: offset + 1, endColumn: column + needle.utf8.count)
            }
        }
        return SourceRange(line: 1, column: 1)
    }
}
