import Foundation
import TrustStore

/// The PostgreSQL side of `devicetrust-benchmark server --database`: an empty schema per
/// configuration, and the CPU time of the server's processes that served it.
///
/// Each configuration gets a new schema `devicetrust_bench_<pid>_<n>` (created with `psql`,
/// dropped after the configuration), which the stores use through `search_path`: the
/// migrations create the DeviceTrust tables in it, and nothing else in the database is
/// touched. Without `psql`, or without the right to create a schema, every configuration
/// uses the URL's own schema as it is (``SchemaMode/shared(reason:)``): earlier tables and
/// rows stay, and each configuration enrolls fresh devices.
final class PostgresBenchmarkDatabase {
    let url: PostgresBenchmarkURL
    let redacted: String
    private let psql: PSQLClient?
    private(set) var mode: SchemaMode?

    enum SchemaMode: Equatable {
        /// A new, empty schema per configuration.
        case freshSchemas
        /// The URL's own schema, for the reason given.
        case shared(reason: String)
    }

    /// One configuration's store URL and its own names.
    struct Configuration {
        /// The URL the stores open (with `search_path` and `application_name`); holds the password.
        let storeURL: String
        /// The schema made for it, `nil` in the shared mode.
        let schema: String?
        /// The `application_name` of its stores' connections, to find their backends.
        let applicationName: String
    }

    init(_ choice: ServerLoadOptions.PostgresChoice) {
        url = PostgresBenchmarkURL(choice.url)
        redacted = choice.redacted
        psql = PSQLClient(url: url)
    }

    /// Names (and, when it can, creates) configuration `index`'s schema. The first
    /// configuration decides the mode for the whole run, so the rows compare alike: without
    /// psql, or when PostgreSQL refuses `CREATE SCHEMA` for want of privilege, every
    /// configuration uses the URL's own schema.
    /// - Throws: any other psql failure (the server cannot be reached, say), and a failure to
    ///   create a schema after the first one could be.
    func prepare(configuration index: Int) throws(PSQLClient.Failure) -> Configuration {
        let applicationName = "devicetrust-bench-\(getpid())-\(index)"
        let schema = "devicetrust_bench_\(getpid())_\(index)"
        let shared = Configuration(
            storeURL: url.forConfiguration(schema: nil, applicationName: applicationName), schema: nil, applicationName: applicationName)
        if case .shared = mode { return shared }
        guard let psql else {
            mode = .shared(reason: "psql is not on PATH (apt-get install postgresql-client)")
            return shared
        }
        do throws(PSQLClient.Failure) {
            _ = try psql.run("DROP SCHEMA IF EXISTS \(schema) CASCADE; CREATE SCHEMA \(schema)")
        } catch {
            guard mode == nil, error.description.contains("permission denied") else {
                throw PSQLClient.Failure(description: "cannot create schema \(schema): \(error)")
            }
            mode = .shared(reason: "CREATE SCHEMA refused: \(error)")
            return shared
        }
        mode = .freshSchemas
        return Configuration(
            storeURL: url.forConfiguration(schema: schema, applicationName: applicationName), schema: schema,
            applicationName: applicationName)
    }

    /// Drops a configuration's schema (its tables with it); failures are reported, not thrown.
    func finish(_ configuration: Configuration) -> String? {
        guard let schema = configuration.schema, let psql else { return nil }
        do {
            _ = try psql.run("DROP SCHEMA IF EXISTS \(schema) CASCADE")
            return nil
        } catch {
            return "could not drop schema \(schema) (drop it by hand): \(error)"
        }
    }

    // MARK: CPU time

    /// CPU seconds so far of the configuration's backends (its stores' connections) and of
    /// the server's shared writers (WAL writer, checkpointer, background writer), by PID.
    struct CPUSnapshot {
        var backends: [Int32: Double] = [:]
        var writers: [Int32: Double] = [:]
    }

    /// What the PostgreSQL server spent during a run.
    struct CPUUsage: Equatable {
        /// CPU seconds of the configuration's backends (connections made during the run
        /// count from their start).
        let backendSeconds: Double
        /// CPU seconds of the WAL writer, checkpointer and background writer (shared with
        /// anything else that server does meanwhile).
        let writerSeconds: Double
        /// How many backends served the configuration.
        let backends: Int

        var seconds: Double { backendSeconds + writerSeconds }
    }

    /// Reads the CPU time of the configuration's backends and the server's writers from
    /// /proc, finding their PIDs in `pg_stat_activity`.
    func cpuSnapshot(applicationName: String) throws(PSQLClient.Failure) -> CPUSnapshot {
        guard let psql else { throw PSQLClient.Failure(description: "psql is not on PATH, so the server's processes cannot be found") }
        let rows = try psql.run(
            """
            SELECT pid, application_name = '\(applicationName)' FROM pg_stat_activity
            WHERE application_name = '\(applicationName)' OR backend_type IN ('walwriter', 'checkpointer', 'background writer')
            """)
        var snapshot = CPUSnapshot()
        for row in rows {
            let fields = row.split(separator: "|")
            guard fields.count == 2, let pid = Int32(fields[0]) else { continue }
            guard let seconds = ProcCPU.processSeconds(pid: pid, named: "postgres") else { continue }
            if fields[1] == "t" { snapshot.backends[pid] = seconds } else { snapshot.writers[pid] = seconds }
        }
        guard !snapshot.writers.isEmpty else {
            throw PSQLClient.Failure(description: "the server's processes are not in this machine's /proc (another host or container?)")
        }
        return snapshot
    }

    /// The CPU spent between two snapshots; a process absent before counts from zero.
    static func usage(from before: CPUSnapshot, to after: CPUSnapshot) -> CPUUsage {
        func spent(_ before: [Int32: Double], _ after: [Int32: Double]) -> Double {
            after.reduce(0) { sum, entry in sum + max(0, entry.value - (before[entry.key] ?? 0)) }
        }
        return CPUUsage(
            backendSeconds: spent(before.backends, after.backends), writerSeconds: spent(before.writers, after.writers),
            backends: after.backends.count)
    }
}
