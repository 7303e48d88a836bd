import Foundation

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
    /// The token signing key (PEM, 0600).
    public var signingKeyURL: URL { dataDirectoryURL.appendingPathComponent("token-signing-key.pem") }
    /// The PIN pepper (32 bytes, 0600).
    public var pepperURL: URL { dataDirectoryURL.appendingPathComponent("pin-pepper.bin") }
    /// The admin API key (base64url text, 0600).
    public var adminKeyURL: URL { dataDirectoryURL.appendingPathComponent("admin-api-key") }
}
