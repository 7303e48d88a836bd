import CommandKit
import Foundation
import ServerCredentials

/// `devicetrust keys <subcommand>`: the token-signing keys of a data directory.
public enum KeysCommand {
    /// The `keys` group with its one subcommand, `rotate`.
    public static let group = CommandGroup(
        name: "keys", abstract: "Token-signing keys of a data directory: rotate.",
        discussion: "Exit status: 0 success, 1 the keys cannot be read or written, 2 usage error.",
        members: [.command(KeysRotateCommand.self)])
}

/// `devicetrust keys rotate --data-dir D`: adds a new token-signing key to the data
/// directory's key folder (``SigningKeyDirectory``).
///
/// Running servers read the folder every 5 s: they publish the new key in the JWKS at
/// once, sign with it once it is `--key-publish-delay` old (counted from its creation), and drop
/// the key it replaces from the JWKS after the longest token lifetime plus one hour.
public struct KeysRotateCommand: ParsableCommand {
    /// The command's name, help and options.
    public static let configuration = CommandConfiguration(
        name: "rotate", abstract: "Add a new token-signing key; running servers publish it, then sign with it.",
        synopsis: "[--data-dir ./devicetrust-data]",
        discussion: """
            Writes <data-dir>/token-signing-keys/<kid>.pem (mode 0600) and prints its kid. Running servers
            read the folder every 5 s: they publish the new key in the JWKS at once, sign with it once it
            is --key-publish-delay old (default 600 s, counted from its creation), and keep the previous
            key published for the longest token lifetime plus one hour. With several nodes, copy the
            folder to every node's data directory (or share it) right after rotating, well within the
            delay. A data directory that still has the single
            token-signing-key.pem of earlier versions is migrated first. Exit status: 0 success, 1 the
            keys cannot be read or written, 2 usage error.
            """,
        options: [
            OptionSpec("--data-dir", kind: .value("PATH"), help: "the data directory of the servers (default ./devicetrust-data)")
        ])

    /// The data directory whose keys are rotated.
    public let dataDirectory: String

    /// Reads `--data-dir`.
    public init(arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        let directory = arguments.values["--data-dir"]?.last ?? ServerConfiguration().dataDirectory
        guard !directory.isEmpty else { throw UsageError("--data-dir must not be empty") }
        dataDirectory = directory
    }

    /// Adds the key and prints its `kid`.
    public func run(_ context: CommandContext) -> Int32 {
        let configuration = ServerConfiguration(dataDirectory: dataDirectory)
        let folder = configuration.signingKeyFolderURL
        do {
            guard FileManager.default.fileExists(atPath: folder.path) || FileManager.default.fileExists(atPath: configuration.signingKeyURL.path) else {
                context.standardError(
                    "devicetrust keys rotate: \(configuration.dataDirectoryURL.path) has no token-signing key; start `devicetrust serve --data-dir \(dataDirectory)` once to create the data directory\n"
                )
                return ExitStatus.failure
            }
            let existing = try SigningKeyDirectory.loadOrCreate(folder: folder, migratingFrom: configuration.signingKeyURL)
            let key = try SigningKeyDirectory.addKey(in: folder)
            context.standardOutput("added token-signing key \(key.keyID) to \(folder.path) (\(existing.count + 1) keys)\n")
            return ExitStatus.success
        } catch {
            context.standardError("devicetrust keys rotate: \(error)\n")
            return ExitStatus.failure
        }
    }
}
