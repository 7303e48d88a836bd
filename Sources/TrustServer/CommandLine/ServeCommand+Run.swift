import CommandKit
import Foundation
import TrustStore

extension ServeCommand {
    /// Bootstraps, starts, announces the admin key file, and serves until SIGINT/SIGTERM.
    ///
    /// `openStore` opens the database (the executable chooses the engines it links).
    /// - Returns: ``ExitStatus/success`` after a clean stop, ``ExitStatus/failure`` when the
    ///   server cannot start.
    public func serve(openStore: TrustStoreOpener, context: CommandContext) -> Int32 {
        let log = ServiceLog { line in context.standardError("devicetrust: \(line)\n") }
        let prepared: PreparedServer
        do {
            prepared = try ServerBootstrap.prepare(configuration, log: log, openStore: openStore)
        } catch {
            context.standardError("devicetrust serve: \(error.reason)\n")
            return ExitStatus.failure
        }
        let signals = TerminationSignals()
        let server = DeviceTrustServer(
            service: prepared.service, adminKey: prepared.adminKey, perAddressRateLimit: configuration.perAddressRateLimit, log: log)
        var limits = configuration.connectionLimits
        let fitting = OpenFileLimit.raise(toFit: limits.maximumConnections)
        if fitting < limits.maximumConnections {
            log(
                "--max-connections lowered from \(limits.maximumConnections) to \(fitting) to fit the open-file limit (ulimit -n); raise the hard limit to hold more"
            )
            limits.maximumConnections = fitting
            limits.maximumConnectionsPerAddress = min(limits.maximumConnectionsPerAddress, fitting)
        }
        do {
            try server.start(host: configuration.host, port: configuration.port, threads: configuration.threads, limits: limits)
        } catch {
            prepared.store.close()
            context.standardError("devicetrust serve: cannot listen on \(configuration.host):\(configuration.port): \(error)\n")
            return ExitStatus.failure
        }
        context.standardOutput("admin key file: \(prepared.adminKeyFile.path)\n")
        prepared.receiptRefresher?.start()
        signals.wait()
        server.stop()
        prepared.receiptRefresher?.stop()
        prepared.store.close()
        return ExitStatus.success
    }
}
