import Foundation
import MicroHTTPTestSupport
import RepositoryTestSupport
import TrustStoreTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The built `devicetrust` binary next to the test bundle.
let devicetrustExecutable = BuiltProducts.devicetrust

struct ClusterTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One `devicetrust serve` process on a loopback port, its output in a log file.
final class ServeNode: @unchecked Sendable {
    let port: UInt16
    let dataDirectory: String
    let database: String
    let arguments: [String]
    let logPath: String
    private let process: ChildProcess

    /// Starts `devicetrust serve` and waits (at most `readyWithin` seconds) for `/healthz`,
    /// or for `isReady(port)` when given (a TLS node does not answer plain HTTP).
    init(
        dataDirectory: String, database: String, port: UInt16? = nil, arguments: [String] = [], readyWithin: TimeInterval = 30,
        isReady: ((UInt16) -> Bool)? = nil
    ) throws {
        guard let devicetrustExecutable else { throw ClusterTestError("the devicetrust binary is not built next to the tests") }
        self.port = try port ?? Self.freePort()
        self.dataDirectory = dataDirectory
        self.database = database
        self.arguments = arguments
        logPath = dataDirectory + ".node-\(self.port).log"
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DEVICETRUST_DATABASE_URL")
        process = try ChildProcess(
            [
                devicetrustExecutable.path, "serve", "--port", String(self.port), "--data-dir", dataDirectory, "--database", database,
                "--rate-limit-per-address", "1000000", "--rate-limit-per-device", "1000000",
            ] + arguments,
            environment: environment, outputPath: logPath)
        let deadline = Date().addingTimeInterval(readyWithin)
        while Date() < deadline {
            if !process.isRunning { throw ClusterTestError("devicetrust serve on port \(self.port) exited: \(self.log)") }
            if let isReady, isReady(self.port) { return }
            if isReady == nil, (try? get("/healthz").status) == 200 { return }
            usleep(50_000)
        }
        kill9()
        throw ClusterTestError("devicetrust serve on port \(self.port) did not answer /healthz within \(readyWithin) s: \(self.log)")
    }

    deinit { kill9() }

    var isRunning: Bool { process.isRunning }
    /// The server's process id.
    var pid: pid_t { process.pid }

    /// Sends `signal` (SIGHUP: reload the TLS files) to the server.
    func send(signal: Int32) { process.kill(signal) }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// A new process with the same port, data directory, database and arguments (retried
    /// for a few seconds while the port is still taken).
    func restarted() throws -> ServeNode {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try ServeNode(dataDirectory: dataDirectory, database: database, port: port, arguments: arguments)
            } catch let error as ClusterTestError where error.description.contains("cannot listen") && attempt < 20 {
                usleep(250_000)
            }
        }
    }

    /// Starts a node on a free port, picking another one when something else took the
    /// port between the check and the node's bind (other tests start servers too).
    static func startingOnAFreePort(dataDirectory: String, database: String, arguments: [String] = []) throws -> ServeNode {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try ServeNode(dataDirectory: dataDirectory, database: database, arguments: arguments)
            } catch let error as ClusterTestError where error.description.contains("cannot listen") && attempt < 5 {
                continue
            }
        }
    }

    /// `kill -9`: no clean shutdown, as in a crash.
    func kill9() {
        process.kill(SIGKILL)
        process.wait()
    }

    func send(_ method: String, _ target: String, json: Data? = nil, bearer: String? = nil, timeout: Int = 10) throws -> LoopbackHTTPResponse {
        try LoopbackHTTPClient(port: port, timeoutSeconds: timeout).send(method, target, json: json, bearer: bearer)
    }

    func get(_ target: String) throws -> LoopbackHTTPResponse { try send("GET", target, timeout: 5) }

    /// A free loopback port below the kernel's ephemeral range, so that the outgoing
    /// connections of other tests (which take ephemeral ports) cannot occupy it while a node
    /// is down between a crash and its restart.
    static func freePort() throws -> UInt16 {
        let range =
            (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) } ?? []
        let ephemeralStart = range.first ?? 32768
        let upper = max(12_000, min(ephemeralStart - 1, 65_535))
        for _ in 0..<200 {
            let candidate = UInt16(Int.random(in: 10_000...upper))
            if canBind(candidate) { return candidate }
        }
        throw ClusterTestError("no free loopback port below \(ephemeralStart)")
    }

    private static func canBind(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
