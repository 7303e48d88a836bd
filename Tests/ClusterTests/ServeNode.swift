import Foundation
import MicroHTTP
import TrustStoreTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The built `devicetrust` binary next to the test bundle.
let devicetrustExecutable: URL? = {
    let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
        let candidate = folder.appendingPathComponent("devicetrust")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}()

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

    /// Starts `devicetrust serve` and waits (at most `readyWithin` seconds) for `/healthz`.
    init(dataDirectory: String, database: String, port: UInt16? = nil, arguments: [String] = [], readyWithin: TimeInterval = 30) throws {
        guard let devicetrustExecutable else { throw ClusterTestError("the devicetrust binary is not built next to the tests") }
        self.port = try port ?? Self.freePort()
        self.dataDirectory = dataDirectory
        self.database = database
        self.arguments = arguments
        logPath = dataDirectory + ".node-\(self.port).log"
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DEVICETRUST_DATABASE_URL")
        process = try ChildProcess(
            [devicetrustExecutable.path, "serve", "--port", String(self.port), "--data-dir", dataDirectory, "--database", database,
             "--rate-limit-per-address", "1000000", "--rate-limit-per-device", "1000000"] + arguments,
            environment: environment, outputPath: logPath)
        let deadline = Date().addingTimeInterval(readyWithin)
        while Date() < deadline {
            if !process.isRunning { throw ClusterTestError("devicetrust serve on port \(self.port) exited: \(self.log)") }
            if (try? get("/healthz").status) == 200 { return }
            usleep(50_000)
        }
        kill9()
        throw ClusterTestError("devicetrust serve on port \(self.port) did not answer /healthz within \(readyWithin) s: \(self.log)")
    }

    deinit { kill9() }

    var isRunning: Bool { process.isRunning }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// A new process with the same port, data directory, database and arguments.
    func restarted() throws -> ServeNode {
        try ServeNode(dataDirectory: dataDirectory, database: database, port: port, arguments: arguments)
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

    /// A port the kernel just handed out and released (loopback only).
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClusterTestError("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ClusterTestError("bind() failed") }
        return UInt16(bigEndian: address.sin_port)
    }
}
