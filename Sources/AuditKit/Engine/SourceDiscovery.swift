import Foundation

/// Finds the files to scan under the given paths: Swift, Objective-C, property lists,
/// entitlements, privacy manifests, xcconfig and bundled JSON; skipping what package
/// managers fetched (unless asked), hidden folders and `--exclude` globs.
package enum SourceDiscovery {
    /// Folders a package manager or the build fills (`Pods/`, `Carthage/`,
    /// `SourcePackages/`, `.build/`), whatever their case: skipped unless
    /// `--include-vendored`, since their code is audited where it is published.
    package static let vendoredFolders: Set<String> = [
        "pods", "carthage", ".build", "deriveddata", "sourcepackages", "node_modules",
    ]

    /// Folders of third-party code copied into the repository (`Vendor/`, `ThirdParty/`),
    /// whatever their case: it ships with the app and the app calls it with its own
    /// secrets, so it is scanned, and its findings are marked third-party.
    package static let copiedThirdPartyFolders: Set<String> = [
        "vendor", "vendors", "thirdparty", "third_party", "third-party", "third party", "3rdparty", "external",
    ]

    /// Whether a folder named `name` holds what a package manager fetched.
    package static func isVendored(folder name: String) -> Bool {
        vendoredFolders.contains(name.lowercased())
    }

    /// Whether `path` (relative, `/`-separated) lies in a folder of copied third-party code.
    package static func isCopiedThirdParty(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { copiedThirdPartyFolders.contains($0.lowercased()) }
    }

    /// Extensions scanned, by what they are.
    package static let swiftExtensions: Set<String> = ["swift"]
    package static let objectiveCExtensions: Set<String> = ["m", "mm", "h"]
    package static let propertyListExtensions: Set<String> = ["plist", "entitlements", "xcprivacy"]
    /// The localized Info.plist strings (`en.lproj/InfoPlist.strings`), read as property
    /// lists: the usage descriptions users see. Other `.strings` files are not read.
    package static let localizedInfoPlistName = "InfoPlist.strings"
    /// The Xcode project file, read for the build settings that generate the Info.plist
    /// (`GENERATE_INFOPLIST_FILE`, `INFOPLIST_KEY_*`).
    package static let xcodeProjectName = "project.pbxproj"
    package static let textExtensions: Set<String> = ["xcconfig", "json"]

    /// Files larger than this are not read (reported as skipped): generated blobs.
    package static let maximumFileSize = 8 * 1024 * 1024

    package struct Discovered {
        /// Absolute path and path relative to the root, per file, in a stable order.
        package var files: [(absolute: String, relative: String)] = []
        /// For each file, the index of the path it was found under: each path given is
        /// a project of its own (its Info.plist and privacy manifest apply to its code only).
        package var projects: [Int] = []
        /// Files skipped and why.
        package var skipped: [String] = []
    }

    /// The files under `paths`, relative to `root`. Throws for a path that does not exist.
    package static func discover(paths: [String], root: String, excludes: [Glob], includeVendored: Bool) throws(AuditInputError) -> Discovered {
        var result = Discovered()
        var seen: Set<String> = []
        let manager = FileManager.default
        for (project, path) in paths.enumerated() {
            var isDirectory: ObjCBool = false
            let absolute = absolutePath(path)
            guard manager.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw AuditInputError("\(path): no such file or folder")
            }
            if !isDirectory.boolValue {
                let relative = relativePath(absolute, root: root)
                if seen.insert(absolute).inserted {
                    result.files.append((absolute, relative))
                    result.projects.append(project)
                }
                continue
            }
            guard let entries = Self.entries(of: absolute) else {
                throw AuditInputError("\(path): the folder cannot be read")
            }
            var found: [(String, String)] = []
            // Depth first; a folder's entries by name, so that notes come in a stable order.
            var pending: [(folder: String, entries: [(name: String, isFolder: Bool)])] = [(absolute, entries)]
            while let (folder, entries) = pending.popLast() {
                var subfolders: [(String, [(name: String, isFolder: Bool)])] = []
                for (name, isFolder) in entries {
                    let full = folder + "/" + name
                    let relative = relativePath(full, root: root)
                    if isFolder {
                        let vendored = !includeVendored && isVendored(folder: name)
                        let hidden = name.hasPrefix(".")
                        // Say so: a finding can hide in vendored code an app calls (a keychain helper).
                        if vendored && !hidden { result.skipped.append("\(relative)/: vendored code, not scanned (--include-vendored scans it)") }
                        if vendored || hidden || excludes.contains(where: { $0.matches(relative) }) { continue }
                        if let children = Self.entries(of: full) { subfolders.append((full, children)) }
                        continue
                    }
                    guard isScannable(name), !excludes.contains(where: { $0.matches(relative) }) else { continue }
                    if seen.insert(full).inserted { found.append((full, relative)) }
                }
                pending += subfolders.reversed()
            }
            result.files += found.sorted { $0.1 < $1.1 }.map { (absolute: $0.0, relative: $0.1) }
            result.projects += Array(repeating: project, count: found.count)
        }
        return result
    }

    /// The entries of `folder` by name (not `.` and `..`), and which are folders (a link
    /// to a folder is not followed), read with `readdir`: Foundation's enumerator asks for
    /// every file's attributes, which was most of the time before the parallel scan. Nil
    /// when the folder cannot be read.
    package static func entries(of folder: String) -> [(name: String, isFolder: Bool)]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isFolder = lstat(folder + "/" + name, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        return entries.sorted { $0.name < $1.name }
    }

    package static func isScannable(_ name: String) -> Bool {
        let ext = (name as NSString).pathExtension.lowercased()
        return swiftExtensions.contains(ext) || objectiveCExtensions.contains(ext)
            || propertyListExtensions.contains(ext) || textExtensions.contains(ext) || name == localizedInfoPlistName || name == xcodeProjectName
    }

    package static func absolutePath(_ path: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    /// `absolute` relative to `root` with `/` separators, or unchanged when outside it.
    package static func relativePath(_ absolute: String, root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        if absolute.hasPrefix(base) { return String(absolute.dropFirst(base.count)) }
        if absolute == root { return (absolute as NSString).lastPathComponent }
        return absolute
    }
}
