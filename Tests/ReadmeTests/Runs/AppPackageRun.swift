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
        let package = try packageFolder(".build/readme-app", named: target)
        var files = ["Package.swift": manifest]
        // The server-side block is the integrator package's (AttestationLibraryRun), not the app's.
        let serverBlocks = ReadmeRun.attestationLibrary.blocks
        for block in context.readme.blocks
        where block.language == "swift" && block.fenceLine != context.blocks[0].fenceLine
            && !serverBlocks.contains(BlockLocator(section: block.section, ordinal: block.ordinal, language: block.language))
        {
            files["Sources/\(target)/" + (Snippets.file(holding: block.text) ?? "README-\(block.fenceLine).swift")] = block.text
        }
        try write(files, into: package, sources: "Sources/\(target)")
        try build(package, context, "the README's Package.swift and Swift files", as: "an app")
    }

    /// `folder` (below the repository) with a link `DeviceTrust` to the repository in it, and
    /// the path of the package `name` beside the link, as `../DeviceTrust` finds it.
    static func packageFolder(_ folder: String, named name: String) throws -> URL {
        let folder = RepositoryFiles.root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("DeviceTrust")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != RepositoryFiles.root.path {
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: RepositoryFiles.root)
        }
        return folder.appendingPathComponent(name)
    }

    /// Writes `files` (path in the package: text) that differ from what is there, so
    /// builds stay incremental, and removes the other files of `sources`.
    static func write(_ files: [String: String], into package: URL, sources: String) throws {
        let folder = package.appendingPathComponent(sources)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for stale in try FileManager.default.contentsOfDirectory(atPath: folder.path) where files["\(sources)/" + stale] == nil {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
        }
        for (path, text) in files where (try? String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)) != text {
            try Data(text.utf8).write(to: package.appendingPathComponent(path))
        }
    }

    /// Builds `package` with the real SwiftPM, warnings as errors: it must build, without a warning.
    static func build(_ package: URL, _ context: ReadmeRunContext, _ what: String, as kind: String) throws {
        let swift = try #require(realSwift(), "no swift on PATH")
        let build = try context.shell.runScript(
            "\(ReadmeShell.quoted(swift)) build --package-path \(ReadmeShell.quoted(package.path)) -Xswiftc -warnings-as-errors 2>&1",
            seconds: 900)
        #expect(build.status == 0, "\(what) do not build as \(kind):\n\(build.output)")
        let warnings = build.output.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.isEmpty, "building \(what) as \(kind) warns:\n\(warnings.joined(separator: "\n"))")
    }

    /// The toolchain's `swift` on the tests' own `PATH` (the shell's `PATH` starts with the stand-in).
    static func realSwift() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
