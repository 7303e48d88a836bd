import CommandKit
import Foundation
import PinningCommands
import RepositoryTestSupport
import X509Certificates

/// What one in-process run of `devicetrust pin …` printed and returned.
struct PinCommandRun {
    let status: Int32
    /// Standard output, line by line (without the newlines).
    let output: [String]
    /// Standard error, line by line.
    let errors: [String]

    var outputText: String { output.joined(separator: "\n") }
    var errorText: String { errors.joined(separator: "\n") }

    /// The `devicetrust` command tree with the `pin` group alone, so that help and usage
    /// errors read as in the executable.
    static let program = CommandLineProgram(
        root: CommandGroup(name: "devicetrust", abstract: "DeviceTrust.", members: [.group(PinCommand.group)]), version: "devicetrust (tests)")

    /// Runs `devicetrust pin` with `arguments` (the words after `pin`), capturing its lines.
    init(_ arguments: [String]) {
        let captured = CapturedOutput()
        status = Self.program.run(["pin"] + arguments, context: captured.context)
        output = captured.outputLines
        errors = captured.errorLines
    }
}

/// Certificates and files for the command tests, made in memory under a root the test controls.
enum PinCommandFixtures {
    /// A fresh P-256 key.
    static func key() throws -> CertificateIssuingKey { try CertificateIssuingKey(generating: .p256) }

    /// The pin of `key`, computed independently of the command: `openssl dgst -sha256`
    /// over the DER SubjectPublicKeyInfo that OpenSSL encoded for the key, in base64.
    static func pin(of key: CertificateIssuingKey) -> String { sha256Base64(key.subjectPublicKeyInfo) }

    /// A self-signed certificate for `key` with common name `commonName`.
    static func certificate(commonName: String, key: CertificateIssuingKey) throws -> Certificate {
        let now = Date()
        return try key.selfSign(
            CertificateTemplate(
                serialNumber: Array(UUID().uuidString.utf8.prefix(16)),
                subject: CertificateTemplate.name([(oid: "2.5.4.3", value: commonName)]),
                notBefore: now.addingTimeInterval(-3600),
                notAfter: now.addingTimeInterval(86_400),
                subjectPublicKeyInfo: key.subjectPublicKeyInfo,
                extensions: [.basicConstraints(isAuthority: true), .keyUsage(isAuthority: true)]
            ))
    }

    /// `certificate` as a PEM block.
    static func pem(_ certificate: Certificate) -> String {
        let base64 = Data(certificate.der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
    }

    /// Writes `data` to a new file in a temporary directory; returns its path.
    static func write(_ data: Data, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("PinningCommandsTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// A pin-shaped string made from `seed` (the base64 of 32 bytes), for tests that need no key.
    static func fakePin(_ seed: UInt8) -> String { Data(repeating: seed, count: 32).base64EncodedString() }

    /// Standard base64 of SHA-256 over `bytes`, computed by the openssl CLI.
    private static func sha256Base64(_ bytes: [UInt8]) -> String {
        opensslSHA256(Data(bytes)).base64EncodedString()
    }

    /// SHA-256 computed by running `openssl dgst -sha256 -binary`.
    private static func opensslSHA256(_ data: Data) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "dgst", "-sha256", "-binary"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        do { try process.run() } catch { return Data() }
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let digest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return digest
    }
}
