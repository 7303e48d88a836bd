import Foundation

/// The package's executables as SwiftPM built them, next to the running test bundle.
public enum BuiltProducts {
    /// The built `devicetrust` binary, or `nil` when it was not built
    /// (`swift build --build-tests` builds it).
    public static let devicetrust: URL? = executable(named: "devicetrust")

    /// The executable `name` in the test bundle's folder or the one above it.
    public static func executable(named name: String) -> URL? {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
