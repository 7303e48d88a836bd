import Foundation
import RepositoryTestSupport
import Testing

/// The built `devicetrust` binary next to the test bundle.
let executableURL = BuiltProducts.devicetrust

/// The binary was not built (`swift build --build-tests` builds it).
struct MissingExecutable: Error {}

/// Runs the binary with `arguments`; returns its status, standard output and standard error.
func runDevicetrust(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    guard let executableURL else { throw MissingExecutable() }
    process.executableURL = executableURL
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}

/// The help of every command, compared byte for byte with `Help/<command words>.txt`.
/// `DEVICETRUST_UPDATE_HELP=1` rewrites the files from the binary (then review the diff).
@Suite("devicetrust --help, golden", .enabled(if: executableURL != nil))
struct HelpGoldenTests {
    static let helpFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Help")

    /// Every command and group of `devicetrust`, as the words after the program name.
    static let commands: [[String]] = [
        [], ["serve"], ["demo"], ["audit"], ["pin"],
        ["pin", "hash"], ["pin", "fetch"], ["pin", "plist"], ["pin", "check"], ["pin", "rotate-plan"], ["keys"], ["keys", "rotate"],
    ]

    /// `Help/devicetrust-pin-hash.txt` for `["pin", "hash"]`.
    static func helpFile(_ command: [String]) -> String { (["devicetrust"] + command).joined(separator: "-") + ".txt" }

    @Test("the help of every command and group is the file in Help/, on standard output, exit 0", arguments: commands)
    func help(command: [String]) throws {
        let run = try runDevicetrust(command + ["--help"])
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        let file = Self.helpFolder.appendingPathComponent(Self.helpFile(command))
        if ProcessInfo.processInfo.environment["DEVICETRUST_UPDATE_HELP"] == "1" {
            try Data(run.output.utf8).write(to: file)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(run.output == expected, "devicetrust \(command.joined(separator: " ")) --help differs from \(file.lastPathComponent)")
        #expect(try runDevicetrust(command + ["-h"]).output == run.output, "-h is --help")
    }

    @Test("every file in Help/ is the help of a command compared above, and every group's subcommand has one")
    func everyHelpFileIsCompared() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.helpFolder.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(Self.commands.map(Self.helpFile)))
        for group: [String] in [[], ["pin"]] {
            let help = try runDevicetrust(group + ["--help"]).output
            let section = try #require(help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
            let names = section.split(separator: "\n").filter { !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
            #expect(names.count >= 4, "\(section)")
            for name in names {
                #expect(Self.commands.contains(group + [name]), "devicetrust \((group + [name]).joined(separator: " ")) has no help file")
            }
        }
    }

    @Test("devicetrust --help lists every subcommand")
    func rootListsEverySubcommand() throws {
        let output = try runDevicetrust(["--help"]).output
        for name in ["serve", "demo", "audit", "pin"] {
            #expect(output.contains("\n  \(name) "), "\(name)")
        }
    }

    @Test("devicetrust --version prints the version, exit 0")
    func version() throws {
        let run = try runDevicetrust(["--version"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("devicetrust "))
        #expect(run.output.hasSuffix("\n"))
    }

    @Test("usage errors exit 2 on standard error, naming what was wrong and the closest valid word")
    func usageErrors() throws {
        for (arguments, message) in [
            ([], "devicetrust: a subcommand is required"),
            (["launch"], "devicetrust: unknown subcommand 'launch'"),
            (["serv"], "devicetrust: unknown subcommand 'serv'; did you mean 'serve'?"),
            (["serve", "--prot", "1"], "devicetrust serve: unknown option '--prot'; did you mean '--port'?"),
            (["serve", "--port", "x"], "devicetrust serve: --port must be a whole number from 0 to 65535, not 'x'"),
            (["demo", "extra"], "devicetrust demo: unexpected argument 'extra'"),
            (["audit", "--fromat", "json"], "devicetrust audit: unknown option '--fromat'; did you mean '--format'?"),
            (["pin"], "devicetrust pin: a subcommand is required"),
            (["pin", "hsah"], "devicetrust pin: unknown subcommand 'hsah'; did you mean 'hash'?"),
            (["pin", "rotate-plan", "--curent", "x"], "devicetrust pin rotate-plan: unknown option '--curent'; did you mean '--current'?"),
            (["pin", "hash"], "devicetrust pin hash: missing FILE"),
            (["serve", "postgres://user:s3cret@db/x"], "devicetrust serve: unexpected argument 'postgres://user:***@db/x'"),
        ] as [([String], String)] {
            let run = try runDevicetrust(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.output.isEmpty, "\(arguments)")
            #expect(run.error.hasPrefix(message + "\n"), "\(arguments): \(run.error)")
        }
    }
}
