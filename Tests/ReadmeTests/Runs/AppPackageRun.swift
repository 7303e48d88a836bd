import Foundation
import RepositoryTestSupport
import Testing

/// The iOS quick start's `Package.swift`, as shown, built as the app package it describes:
/// in `.build/readme-app/` (kept for incremental builds), next to a link `DeviceTrust` to
/// this repository (its `../DeviceTrust`), with the README's Swift files as the app target's
/// sources, by the real SwiftPM with warnings as errors. So the product names are real and
/// the code compiles with what those products give an app, nothing more.
enum AppPackageRun {
    static func run(_ context: ReadmeRunContext) throws {
        let manifest = context.blocks[0].text
        let declaration = try #require(
            manifest.range(of: #"\.target\(name: "[^"]+""#, options: .regularExpression),
            "the README's Package.swift declares an app target")
        let target = String(manifest[declaration].dropFirst(#".target(name: ""#.count).dropLast())
        let folder = RepositoryFiles.root.appendingPathComponent(".build/readme-app")
        let package = folder.appendingPathComponent(target)
        let sources = package.appendingPathComponent("Sources/\(target)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("DeviceTrust")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != RepositoryFiles.root.path {
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: RepositoryFiles.root)
        }
        var files = ["Package.swift": manifest]
        for block in context.readme.blocks where block.language == "swift" && block.fenceLine != context.blocks[0].fenceLine {
            files["Sources/\(target)/" + (Snippets.file(holding: block.text) ?? "README-\(block.fenceLine).swift")] = block.text
        }
        for stale in try FileManager.default.contentsOfDirectory(atPath: sources.path) where files["Sources/\(target)/" + stale] == nil {
            try FileManager.default.removeItem(at: sources.appendingPathComponent(stale))
        }
        for (path, text) in files where (try? String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)) != text {
            try Data(text.utf8).write(to: package.appendingPathComponent(path))
        }
        let swift = try #require(realSwift(), "no swift on PATH")
        let build = try context.shell.runScript(
            "\(ReadmeShell.quoted(swift)) build --package-path \(ReadmeShell.quoted(package.path)) -Xswiftc -warnings-as-errors 2>&1",
            seconds: 900)
        #expect(build.status == 0, "the README's Package.swift and Swift files do not build as an app:\n\(build.output)")
        let warnings = build.output.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.isEmpty, "building the README's app package warns:\n\(warnings.joined(separator: "\n"))")
    }

    /// The toolchain's `swift` on the tests' own `PATH` (the shell's `PATH` starts with the stand-in).
    static func realSwift() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
