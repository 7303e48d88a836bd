import CommandKit
import MicroHTTP
import Foundation
import TrustStore

extension ServeCommand {
    /// Bootstraps, starts, announces the admin key file, and serves until SIGINT/SIGTERM.
    ///
    /// `openStore` opens the database (the executable chooses the engines it links).
    /// - Returns: ``ExitStatus/success`` after a clean stop, ``ExitStatus/failure`` when the
    ///   server cannot start.
    public func serve(openStore: TrustStoreOpener, context: CommandContext) -> Int32 {
        let log: ServiceLog
        switch configuration.logFormat {
        case .text: log = ServiceLog { line in context.standardError("devicetrust: \(line)\n") }
        case .json: log = .json { line in context.standardOutput(line) }
        }
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
        let tls: TLSCredentials?
        do { tls = try configuration.tls?.credentials() } catch {
            prepared.store.close()
            context.standardError("devicetrust serve: \(error.reason)\n")
            return ExitStatus.failure
        }
        do {
            try server.start(host: configuration.host, port: configuration.port, threads: configuration.threads, limits: limits, tls: tls)
        } catch let error as HTTPServerError where error.code == .invalidTLSCredentials {
            prepared.store.close()
            context.standardError("devicetrust serve: --tls-cert/--tls-key: \(error.reason)\n")
            return ExitStatus.failure
        } catch {
            prepared.store.close()
            context.standardError("devicetrust serve: cannot listen on \(configuration.host):\(configuration.port): \(error)\n")
            return ExitStatus.failure
        }
        switch configuration.logFormat {
        case .text: context.standardOutput("admin key file: \(prepared.adminKeyFile.path)\n")
        case .json: log("admin key file: \(prepared.adminKeyFile.path)")
        }
        prepared.receiptRefresher?.start()
        let purger = ExpiredRecordPurger(service: prepared.service)
        purger.start()
        signals.wait(onHangUp: { reloadTLS(server, log: log) })
        server.stop()
        purger.stop()
        prepared.receiptRefresher?.stop()
        prepared.store.close()
        return ExitStatus.success
    }

    /// SIGHUP: reads the TLS files again and serves new connections with them; a file that
    /// cannot be read or credentials GnuTLS refuses leave the previous ones in service.
    private func reloadTLS(_ server: DeviceTrustServer, log: ServiceLog) {
        guard let files = configuration.tls else { return log("SIGHUP: nothing to reload (serving plain HTTP, no --tls-cert)") }
        do {
            try server.reloadTLS(try files.credentials())
            log("SIGHUP: TLS certificate reloaded from \(files.certificatePath)")
        } catch let error as BootstrapError {
            log("SIGHUP: TLS reload failed, still serving the previous certificate: \(error.reason)")
        } catch let error as HTTPServerError {
            log("SIGHUP: TLS reload failed, still serving the previous certificate: \(error.reason)")
        } catch {
            log("SIGHUP: TLS reload failed, still serving the previous certificate: \(error)")
        }
    }
}
