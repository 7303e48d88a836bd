import Foundation
import Testing
import TrustStore
@testable import devicetrust_benchmark

/// Specification of the URL handling behind `server --database`: the hosts libpq would use,
/// the loopback rule, each configuration's URL, and the password kept off psql's command line.
@Suite("PostgreSQL benchmark URL")
struct PostgresBenchmarkURLTests {
    private func url(_ text: String) throws -> PostgresBenchmarkURL {
        PostgresBenchmarkURL(try StoreURL(parsing: text))
    }

    @Test(
        "the hosts: the authority's list, or host=/hostaddr= when given, percent-decoded",
        arguments: [
            ("postgres://u:p@127.0.0.1:5432/db", ["127.0.0.1"]),
            ("postgres://127.0.0.1/db", ["127.0.0.1"]),
            ("postgresql://localhost", ["localhost"]),
            ("postgres://[::1]:5432/db", ["::1"]),
            ("postgres://a:1,b:2/db", ["a", "b"]),
            ("postgres:///db", [""]),
            ("postgres://%2Fvar%2Frun%2Fpostgresql/db", ["/var/run/postgresql"]),
            ("postgres://u@h/db?host=%2Ftmp&port=5433", ["/tmp"]),
            ("postgres://u@localhost/db?host=x&hostaddr=10.0.0.1", ["10.0.0.1"]),
            ("postgres://user:p%40ss@remote.example:5432/db", ["remote.example"]),
        ])
    func hosts(text: String, expected: [String]) throws {
        #expect(try url(text).hosts == expected)
    }

    @Test(
        "loopback: 127.0.0.0/8, ::1, localhost, Unix socket directories; nothing else",
        arguments: [
            ("127.0.0.1", true), ("127.255.0.9", true), ("::1", true), ("0:0:0:0:0:0:0:1", true), ("localhost", true), ("LOCALHOST", true),
            ("/tmp", true), ("@abstract", true),
            ("128.0.0.1", false), ("10.0.0.1", false), ("::2", false), ("::ffff:127.0.0.1", false), ("db.example.com", false),
            ("localhost.example.com", false), ("", false), ("127.0.0.1.example.com", false),
        ])
    func loopback(host: String, expected: Bool) {
        #expect(PostgresBenchmarkURL.isLoopback(host) == expected)
    }

    @Test("a configuration's URL: its schema in options, its application_name, the rest as given")
    func configurationURL() throws {
        let base = try url("postgres://bench:pw@127.0.0.1:55432/bench?sslmode=disable&application_name=mine")
        let derived = base.forConfiguration(schema: "devicetrust_bench_1_2", applicationName: "devicetrust-bench-1-2")
        #expect(
            derived == "postgres://bench:pw@127.0.0.1:55432/bench?sslmode=disable"
                + "&options=-c%20client_min_messages%3Dwarning%20-c%20search_path%3Ddevicetrust_bench_1_2"
                + "&application_name=devicetrust-bench-1-2")
        #expect((try? StoreURL(parsing: derived))?.engine == .postgres)
    }

    @Test("options already in the URL are kept, ours appended; no schema means no search_path")
    func existingOptions() throws {
        let base = try url("postgres://127.0.0.1/bench?options=-c%20work_mem%3D8MB")
        #expect(
            base.forConfiguration(schema: "s", applicationName: "a")
                == "postgres://127.0.0.1/bench?options=-c%20work_mem%3D8MB%20-c%20client_min_messages%3Dwarning%20-c%20search_path%3Ds&application_name=a")
        #expect(
            try url("postgres://127.0.0.1/bench").forConfiguration(schema: nil, applicationName: "a")
                == "postgres://127.0.0.1/bench?options=-c%20client_min_messages%3Dwarning&application_name=a")
    }

    @Test(
        "for psql the password leaves the URL (user part and password=), decoded",
        arguments: [
            ("postgres://bench:s3cret@127.0.0.1:55432/bench", "postgres://bench@127.0.0.1:55432/bench", "s3cret"),
            ("postgres://bench:p%40ss%3Aw@127.0.0.1/bench?sslmode=disable", "postgres://bench@127.0.0.1/bench?sslmode=disable", "p@ss:w"),
            ("postgres://bench@127.0.0.1/bench?password=s3cret&sslmode=disable", "postgres://bench@127.0.0.1/bench?sslmode=disable", "s3cret"),
            ("postgres://127.0.0.1/bench?password=s3cret", "postgres://127.0.0.1/bench", "s3cret"),
        ])
    func withoutPassword(text: String, expectedURL: String, expectedPassword: String) throws {
        let (stripped, password) = try url(text).withoutPassword
        #expect(stripped == expectedURL)
        #expect(password == expectedPassword)
    }

    @Test("a URL without a password stays as it is")
    func noPassword() throws {
        let (stripped, password) = try url("postgres://postgres@127.0.0.1:55432/bench").withoutPassword
        #expect(stripped == "postgres://postgres@127.0.0.1:55432/bench")
        #expect(password == nil)
    }

    @Test("the refusal of a remote server names the URL redacted")
    func refusalRedacted() throws {
        let message = try #require(try url("postgres://u:s3cret@db.example.com/bench").notOnThisMachine(environment: [:]))
        #expect(message.contains("postgres://u:***@db.example.com/bench"))
        #expect(!message.contains("s3cret"))
        #expect(try url("postgres://u:s3cret@127.0.0.1/bench").notOnThisMachine(environment: [:]) == nil)
    }
}

/// Specification of the /proc readings: a process's CPU ticks and the machine's.
@Suite("proc CPU readings")
struct ProcCPUTests {
    @Test("/proc/PID/stat: utime + stime, after a name that holds spaces and parentheses")
    func processStat() {
        let line = "4242 (postgres: a (b) c) S 1 4242 4242 0 -1 4194560 1500 0 0 0 123 45 7 8 20 0 1 0 900 227000000 9000 18446744073709551615"
        let parsed = ProcCPU.parseProcessStat(line)
        #expect(parsed?.name == "postgres: a (b) c")
        #expect(parsed?.ticks == 168)
        #expect(ProcCPU.parseProcessStat("4242 (postgres) S 1 2") == nil)
        #expect(ProcCPU.parseProcessStat("garbage") == nil)
    }

    @Test("/proc/stat: busy is everything but idle and iowait")
    func machineStat() throws {
        let text = "cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 50 2 25 400 20 1 1 0 0 0\nintr 1 2 3\n"
        let ticks = try #require(ProcCPU.parseMachineStat(text))
        #expect(ticks == ProcCPU.MachineTicks(busy: 160, ioWait: 40, total: 1000))
        let later = ProcCPU.MachineTicks(busy: 460, ioWait: 90, total: 1500)
        let shares = try #require(ProcCPU.shares(from: ticks, to: later))
        #expect(shares.busy == 0.6)
        #expect(shares.ioWait == 0.1)
        #expect(ProcCPU.shares(from: later, to: ticks) == nil)
        #expect(ProcCPU.parseMachineStat("intr 1 2 3") == nil)
    }

    @Test("the PostgreSQL CPU between two snapshots: new backends count from zero, writers apart")
    func postgresUsage() {
        let before = PostgresBenchmarkDatabase.CPUSnapshot(backends: [10: 1.0, 11: 2.0], writers: [1: 5.0])
        let after = PostgresBenchmarkDatabase.CPUSnapshot(backends: [10: 1.5, 11: 2.25, 12: 0.25], writers: [1: 5.5])
        let usage = PostgresBenchmarkDatabase.usage(from: before, to: after)
        #expect(usage == PostgresBenchmarkDatabase.CPUUsage(backendSeconds: 1.0, writerSeconds: 0.5, backends: 3))
        #expect(usage.seconds == 1.5)
    }

    @Test("store call totals between two snapshots leave out kinds without calls")
    func storeCallTotals() {
        let before: [StoreCall: StoreCallTotals] = [.device: .init(calls: 2, seconds: 0.5), .insertChallenge: .init(calls: 1, seconds: 0.25)]
        let after: [StoreCall: StoreCallTotals] = [
            .device: .init(calls: 6, seconds: 1.5), .insertChallenge: .init(calls: 1, seconds: 0.25), .markDeviceUsed: .init(calls: 2, seconds: 0.5),
        ]
        #expect(StoreCallTotals.since(before, after) == [.device: .init(calls: 4, seconds: 1.0), .markDeviceUsed: .init(calls: 2, seconds: 0.5)])
        #expect(StoreCall.device.writes == false)
        #expect(StoreCall.markDeviceUsed.writes == true)
        #expect(StoreCall.consumeChallenge.writes == true)
        #expect(StoreCall.activeKey.writes == false)
    }
}
