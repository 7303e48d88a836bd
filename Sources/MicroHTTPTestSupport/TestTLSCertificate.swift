import Foundation

/// A self-signed P-256 certificate for `127.0.0.1` and its key, made by the `openssl`
/// command-line tool in a scratch folder, **for tests only** (TLS servers on loopback).
public final class TestTLSCertificate {
    /// The folder holding `cert.pem` and `key.pem`, removed when this is released.
    public let directory: URL
    /// The certificate's subject common name.
    public let commonName: String

    /// Makes a certificate with subject `CN=commonName`, valid for 2 days, SAN `IP:127.0.0.1`.
    /// - Throws: ``LoopbackHTTPError`` with openssl's output when it fails.
    public init(commonName: String) throws(LoopbackHTTPError) {
        self.commonName = commonName
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-tls-\(UUID().uuidString)", isDirectory: true)
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw LoopbackHTTPError(description: "cannot create \(directory.path): \(error)")
        }
        let made = Self.run(
            "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout key.pem -out cert.pem -days 2"
                + " -subj /CN=\(commonName) -addext subjectAltName=IP:127.0.0.1",
            in: directory)
        guard made.status == 0 else { throw LoopbackHTTPError(description: "openssl req failed: \(made.output)") }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The certificate file (PEM).
    public var certificatePath: String { directory.appendingPathComponent("cert.pem").path }
    /// The private key file (PEM, PKCS #8).
    public var keyPath: String { directory.appendingPathComponent("key.pem").path }
    /// The certificate's PEM text.
    public var certificatePEM: String { (try? String(contentsOfFile: certificatePath, encoding: .utf8)) ?? "" }
    /// The key's PEM text.
    public var keyPEM: String { (try? String(contentsOfFile: keyPath, encoding: .utf8)) ?? "" }

    /// Runs `script` with `/bin/sh -c` in `directory`, standard input empty; returns the exit
    /// status and standard output and error together.
    public static func run(_ script: String, in directory: URL) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script + " 2>&1"]
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// `openssl s_client` to `127.0.0.1:port` with `options` (e.g. `-tls1_3`): its exit
    /// status and output, which names the protocol and the server certificate's subject.
    public func handshake(port: UInt16, options: String) -> (status: Int32, output: String) {
        Self.run("openssl s_client -connect 127.0.0.1:\(port) -servername localhost \(options)", in: directory)
    }
}
