import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A root, an intermediate and a `localhost` leaf made with the openssl CLI in a
/// temporary directory, plus a second, unrelated root.
struct PinFetchTestPKI {
    let directory: URL

    var rootPEM: String { path("root.pem") }
    var otherRootPEM: String { path("other-root.pem") }
    var leafPEM: String { path("leaf.pem") }
    var intermediatePEM: String { path("intermediate.pem") }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static let config = """
        [req]
        distinguished_name = dn
        prompt = no
        [dn]
        CN = placeholder
        [v3_ca]
        basicConstraints = critical,CA:TRUE
        keyUsage = critical,keyCertSign,cRLSign
        subjectKeyIdentifier = hash
        [v3_leaf]
        basicConstraints = critical,CA:FALSE
        keyUsage = critical,digitalSignature
        extendedKeyUsage = serverAuth
        subjectAltName = DNS:localhost,IP:127.0.0.1,IP:::1
        """

    /// Makes the chain; throws when an openssl command fails.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pinfetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.config.write(to: directory.appendingPathComponent("ca.cnf"), atomically: true, encoding: .utf8)
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        for (name, subject) in [("root", "/CN=PinFetch Test Root"), ("other-root", "/CN=PinFetch Other Root")] {
            try openssl(
                ["req", "-x509", "-config", "ca.cnf", "-extensions", "v3_ca"] + newKey
                    + ["-keyout", "\(name).key", "-out", "\(name).pem", "-subj", subject, "-days", "30"])
        }
        try openssl(
            ["req", "-new", "-config", "ca.cnf"] + newKey
                + ["-keyout", "intermediate.key", "-out", "intermediate.csr", "-subj", "/CN=PinFetch Test Intermediate"])
        try openssl([
            "x509", "-req", "-in", "intermediate.csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", "2",
            "-days", "30", "-extfile", "ca.cnf", "-extensions", "v3_ca", "-out", "intermediate.pem",
        ])
        try openssl(
            ["req", "-new", "-config", "ca.cnf"] + newKey
                + ["-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=localhost"])
        try openssl([
            "x509", "-req", "-in", "leaf.csr", "-CA", "intermediate.pem", "-CAkey", "intermediate.key",
            "-set_serial", "3", "-days", "30", "-extfile", "ca.cnf", "-extensions", "v3_leaf", "-out", "leaf.pem",
        ])
    }

    /// Removes the directory.
    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// The pin of a PEM certificate by the openssl pipeline the issue names.
    func opensslPin(of pem: String) throws -> String {
        let pipeline =
            "openssl x509 -in '\(pem)' -pubkey -noout | openssl pkey -pubin -outform der"
            + " | openssl dgst -sha256 -binary | base64"
        return try run("/bin/sh", ["-c", pipeline]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    func openssl(_ arguments: [String]) throws -> String { try run("/usr/bin/env", ["openssl"] + arguments) }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PinFetchTestFailure("\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A test set-up step that failed.
struct PinFetchTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `openssl s_server` on a free loopback port, serving the test chain; stopped by ``stop()``.
final class PinFetchTestServer {
    let port: UInt16
    private let process = Process()

    /// Starts the server and waits (up to 10 s) until it accepts connections.
    init(pki: PinFetchTestPKI) throws {
        port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "s_server", "-accept", "127.0.0.1:\(port)", "-cert", pki.leafPEM,
            "-key", pki.path("leaf.key"), "-cert_chain", pki.intermediatePEM, "-www", "-quiet",
        ]
        process.standardInput = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw PinFetchTestFailure("openssl s_server did not start on port \(port)")
            }
            usleep(50_000)
        }
    }

    /// Kills the server and waits for it. SIGKILL, because a child spawned from a
    /// dispatch worker thread inherits its blocked-signal mask, so SIGTERM may never land.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A port the kernel just handed out for 127.0.0.1 (bound, read, closed).
    static func freePort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PinFetchTestFailure("socket() failed") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw PinFetchTestFailure("cannot bind a loopback port") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether a TCP connect to 127.0.0.1:`port` succeeds.
    static func accepts(port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
