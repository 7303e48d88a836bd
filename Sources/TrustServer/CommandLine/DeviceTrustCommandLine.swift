import Foundation
import TrustStore

/// The `devicetrust` executable's behaviour, so that `main.swift` is one call.
public enum DeviceTrustCommandLine {
    /// The top-level usage text.
    public static let usage = """
        usage: devicetrust <subcommand> [options]

        subcommands:
          serve    start the DeviceTrust server (devicetrust serve --help)
          demo     walk an embedded server and an emulated iPhone through every flow
        """

    /// Runs the command line `arguments` (with the program name first) and returns the
    /// exit status: 0 after a clean stop, 1 when the server cannot start, 2 for a usage error.
    /// `openStore` opens the database (the executable chooses the engines it links).
    public static func run(_ arguments: [String], openStore: TrustStoreOpener) -> Int32 {
        let rest = Array(arguments.dropFirst())
        switch rest.first {
        case "serve":
            let options = Array(rest.dropFirst())
            if options.contains("--help") || options.contains("-h") {
                writeOut(ServeCommand.help + "\n")
                return 0
            }
            do {
                return serve(try ServeCommand.parse(options), openStore: openStore)
            } catch {
                writeError("devicetrust serve: \(error.message)\n\(ServeCommand.usage)\n")
                return 2
            }
        case "--help", "-h", "help":
            writeOut(usage + "\n")
            return 0
        case nil:
            writeError("devicetrust: a subcommand is required\n\(usage)\n")
            return 2
        case let other?:
            writeError("devicetrust: unknown subcommand '\(other)'\n\(usage)\n")
            return 2
        }
    }

    /// Bootstraps, starts, announces the admin key file, and serves until SIGINT/SIGTERM.
    static func serve(_ command: ServeCommand, openStore: TrustStoreOpener) -> Int32 {
        let configuration = command.configuration
        let log = ServiceLog { line in writeError("devicetrust: \(line)\n") }
        let prepared: PreparedServer
        do {
            prepared = try ServerBootstrap.prepare(configuration, log: log, openStore: openStore)
        } catch {
            writeError("devicetrust serve: \(error.reason)\n")
            return 1
        }
        let signals = TerminationSignals()
        let server = DeviceTrustServer(
            service: prepared.service, adminKey: prepared.adminKey, perAddressRateLimit: configuration.perAddressRateLimit, log: log)
        do {
            try server.start(host: configuration.host, port: configuration.port, threads: configuration.threads)
        } catch {
            prepared.store.close()
            writeError("devicetrust serve: cannot listen on \(configuration.host):\(configuration.port): \(error)\n")
            return 1
        }
        writeOut("admin key file: \(prepared.adminKeyFile.path)\n")
        signals.wait()
        server.stop()
        prepared.store.close()
        return 0
    }

    /// Writes to standard output at once (unbuffered).
    static func writeOut(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

    /// Writes to standard error at once (unbuffered).
    static func writeError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
