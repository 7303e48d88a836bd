import Foundation
import ServerCredentials

/// Everything `devicetrust serve` can set: where to listen, where the data lives, and the
/// service rules.
public struct ServerConfiguration: Sendable, Hashable {
    /// The numeric IPv4 address to bind; `127.0.0.1` by default.
    public var host: String
    /// The TCP port; 8080 by default, 0 for any free port.
    public var port: UInt16
    /// The folder holding the database and the secrets; `./devicetrust-data` by default.
    public var dataDirectory: String
    /// `sqlite:PATH`; by default `sqlite:<dataDirectory>/devicetrust.sqlite`.
    public var databaseURL: String?
    /// The number of HTTP handler threads (behind one libmicrohttpd I/O thread).
    public var threads: Int
    /// TTLs, token claims, the PIN failure limit and the per-device rate limit.
    public var service: DeviceTrustConfiguration
    /// Requests per client address; ``RateLimit/defaultPerAddress`` by default.
    public var perAddressRateLimit: RateLimit = .defaultPerAddress
    /// Connection caps and timeouts; ``ConnectionLimits``' defaults.
    public var connectionLimits = ConnectionLimits()
    /// The PEM certificate chain and private key files for HTTPS (`--tls-cert`, `--tls-key`),
    /// both or neither; plain HTTP when `nil`. Read at start and again on SIGHUP.
    public var tls: TLSFiles?
    /// App Attest and Android key attestation; both off by default.
    public var attestation = AttestationOptions()
    /// Seconds a new token-signing key is published before it signs
    /// (`--key-publish-delay`); ``SigningKeyRing/defaultPublishDelay`` by default.
    public var keyPublishDelay: TimeInterval = SigningKeyRing.defaultPublishDelay
    /// How the log is written (`--log-format`); ``LogFormat/text`` by default.
    public var logFormat: LogFormat = .text

    /// The forms of the server's log.
    public enum LogFormat: String, Sendable, Hashable, CaseIterable {
        /// Plain lines on standard error: messages and refusals, no line per request.
        case text
        /// One JSON object per line on standard output: every request and security event.
        case json
    }

    /// A configuration; every parameter has the contract's default.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, dataDirectory: String = "./devicetrust-data",
        databaseURL: String? = nil, threads: Int = 4, service: DeviceTrustConfiguration = DeviceTrustConfiguration()
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.databaseURL = databaseURL
        self.threads = threads
        self.service = service
    }

    /// The data directory as a file URL.
    public var dataDirectoryURL: URL { URL(fileURLWithPath: dataDirectory, isDirectory: true).standardizedFileURL }
    /// The database URL in force.
    public var resolvedDatabaseURL: String { databaseURL ?? "sqlite:\(dataDirectoryURL.appendingPathComponent("devicetrust.sqlite").path)" }
    /// The single token signing key of earlier versions (PEM, 0600), migrated at start into
    /// ``signingKeyFolderURL`` and then left alone.
    public var signingKeyURL: URL { dataDirectoryURL.appendingPathComponent("token-signing-key.pem") }
    /// The token signing keys, one `<kid>.pem` each (folder 0700, files 0600); see
    /// ``SigningKeyDirectory``.
    public var signingKeyFolderURL: URL { dataDirectoryURL.appendingPathComponent(SigningKeyDirectory.folderName, isDirectory: true) }
    /// The PIN pepper (32 bytes, 0600).
    public var pepperURL: URL { dataDirectoryURL.appendingPathComponent("pin-pepper.bin") }
    /// The admin API key (base64url text, 0600).
    public var adminKeyURL: URL { dataDirectoryURL.appendingPathComponent("admin-api-key") }
}
