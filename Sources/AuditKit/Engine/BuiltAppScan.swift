import AppBundle
import Foundation

/// The files of a built app (an `.ipa` or an `.app` folder) in the forms the rules read:
/// property lists (Info.plist, bundled plists, the `.xcent` entitlements and the
/// provisioning profile), text resources (JSON, configuration files), and the Mach-O
/// binaries of the app, its extensions and its frameworks.
///
/// Files are named `<shown>!/<path in the archive>` for an `.ipa` and `<shown>/<path>` for
/// an `.app`, so a report names the bundle path. Images, nibs, asset catalogs, code
/// signatures and other files no rule reads are never read.
package enum BuiltAppScan {
    /// What the scan found: files for the rules, and notes for the report.
    package struct Scanned {
        package var files: [ScannedFile] = []
        package var notes: [String] = []
    }

    /// Extensions of the text files read through the secret rules: those of a source tree,
    /// and the configuration files bundles carry.
    static let textExtensions = SourceDiscovery.textExtensions.union(["txt", "conf", "cfg", "env", "ini", "properties", "yaml", "yml"])
    /// Extensions of property lists: those of a source tree, and the signed entitlements.
    static let propertyListExtensions = SourceDiscovery.propertyListExtensions.union(["xcent"])

    /// Scans the app at `path`; `shown` is how its path appears in the report.
    package static func scan(path: String, shown: String) throws(AuditInputError) -> Scanned {
        let app: BuiltApp
        do { app = try BuiltApp(path: path) } catch { throw AuditInputError(error.message) }
        let isArchive = !path.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/")).hasSuffix(".app")
        func display(_ inner: String) -> String {
            if isArchive { return shown + "!/" + inner }
            // `Bank.app/Info.plist` under the folder the user named `build/Bank.app`.
            return shown + "/" + inner.split(separator: "/", maxSplits: 1).dropFirst().joined()
        }
        var scanned = Scanned()
        scanned.notes = app.skipped.map { "\(display($0))" }
        // Binaries are read last, once the Info.plists say which are executables.
        var binaries: [BuiltApp.File] = []
        for file in app.files {
            let name = (file.path as NSString).lastPathComponent
            let ext = (name as NSString).pathExtension.lowercased()
            let folder = (file.path as NSString).deletingLastPathComponent
            if file.path.contains("/_CodeSignature/") || file.path.hasPrefix("_CodeSignature/") { continue }
            do {
                if propertyListExtensions.contains(ext) || name == SourceDiscovery.localizedInfoPlistName {
                    let role: PropertyListFile.Role? = ext == "xcent" ? .entitlements : nil
                    let data = Data(try app.read(file))
                    let plist =
                        role.map { PropertyListFile(path: display(file.path), data: data, role: $0) } ?? PropertyListFile(path: display(file.path), data: data)
                    if let plist {
                        scanned.files.append(.propertyList(plist))
                    } else {
                        scanned.notes.append("\(display(file.path)): not a valid property list, skipped")
                    }
                } else if name == "embedded.mobileprovision" {
                    let content = try ProvisioningProfile.content(of: try app.read(file), name: display(file.path))
                    if let profile = PropertyListFile(path: display(file.path), data: Data(content), role: .provisioningProfile) {
                        scanned.files.append(.propertyList(profile))
                    } else {
                        scanned.notes.append("\(display(file.path)): the profile's content is not a property list, skipped")
                    }
                } else if textExtensions.contains(ext) {
                    let text = String(decoding: try app.read(file), as: UTF8.self)
                    scanned.files.append(.text(TextFile(path: display(file.path), text: text)))
                } else if isBinaryCandidate(name: name, ext: ext, folder: folder, size: file.size) {
                    binaries.append(file)
                }
            } catch {
                scanned.notes.append("\(display(file.path)): \(error.message), skipped")
            }
        }
        let executables = executablePaths(scanned.files)
        for file in binaries {
            do {
                let bytes = try app.read(file)
                guard MachOFile.isMachO(bytes) else { continue }
                let binary = try MachOFile(bytes: bytes, name: display(file.path))
                scanned.files.append(
                    .binary(BinaryFile(path: display(file.path), images: binary.images, isExecutable: executables.contains(display(file.path)))))
            } catch {
                scanned.notes.append("\(display(file.path)): \(error.message), skipped")
            }
        }
        return scanned
    }

    /// Files without an extension (or `.dylib`) directly inside an `.app`, `.appex` or
    /// `.framework` folder: where bundles keep their binaries.
    private static func isBinaryCandidate(name: String, ext: String, folder: String, size: Int) -> Bool {
        guard size >= 28, ext.isEmpty || ext == "dylib" else { return false }
        if ext == "dylib" { return true }
        let container = (folder as NSString).pathExtension.lowercased()
        return ["app", "appex", "framework"].contains(container) && name != "PkgInfo"
    }

    /// The shown paths of the app's and its extensions' executables, from each bundle's
    /// Info.plist `CFBundleExecutable` (among the property lists already read).
    private static func executablePaths(_ files: [ScannedFile]) -> Set<String> {
        var paths: Set<String> = []
        for case .propertyList(let plist) in files where plist.role == .infoPlist && (plist.path as NSString).lastPathComponent == "Info.plist" {
            let folder = (plist.path as NSString).deletingLastPathComponent
            guard ["app", "appex"].contains((folder as NSString).pathExtension.lowercased()), let executable = plist.root["CFBundleExecutable"]?.string else {
                continue
            }
            paths.insert(folder + "/" + executable)
        }
        return paths
    }
}
