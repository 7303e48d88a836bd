// swift-tools-version:6.0
//
// DeviceTrust: secure storage, hardware-bound device keys, a verifying server and an
// auditor for mobile apps. One package; one settings loop for all Swift targets.
import Foundation
import PackageDescription

/// The toolchain's own SwiftSyntax/SwiftParser host libraries (next to the compiler on
/// PATH): the auditor parses Swift with the compiler's parser instead of a fetched package.
let swiftSyntaxHost: String = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
        let compiler = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        guard FileManager.default.isExecutableFile(atPath: compiler.path) else { continue }
        let host = compiler.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../lib/swift/host").standardizedFileURL.path
        if FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule") { return host }
    }
    return "/usr/lib/swift/host"
}()
let swiftSyntaxSettings: [SwiftSetting] = [.unsafeFlags(["-I", swiftSyntaxHost])]
let swiftSyntaxLinking: [LinkerSetting] = [
    .unsafeFlags([
        "-L", swiftSyntaxHost, "-lSwiftParser", "-lSwiftSyntax", "-lSwiftDiagnostics",
        "-Xlinker", "-rpath", "-Xlinker", swiftSyntaxHost,
    ])
]

let linuxOnly = TargetDependencyCondition.when(platforms: [.linux, .android])

var targets: [Target] = [
    // System libraries: a module map and one shim.h each. COpenSSL (libcrypto and libssl)
    // is imported by three modules, on Linux and Android only, with `internal import` and
    // only from each one's `OpenSSL/` folder: DeviceTrustCrypto, X509Certificates and
    // PinningCommands.
    .systemLibrary(
        name: "COpenSSL",
        pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"])]
    ),

    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),

    // The error shape the modules share: an extensible code, a private reason, a place.
    .target(name: "CodedErrors"),

    // Threads named so that the operating system shows the name (top -H, perf --sort comm).
    .target(name: "NamedThreads"),

    // The command-line kit every subcommand of `devicetrust` and `devicetrust-benchmark` is
    // written with: commands as values, declared options, generated help, one usage-error
    // type, exit statuses.
    .target(name: "CommandKit"),

    // CryptoKit-shaped API over OpenSSL 3 on Linux; re-exports CryptoKit on Apple platforms.
    .target(
        name: "DeviceTrustCrypto",
        dependencies: [.target(name: "COpenSSL", condition: linuxOnly)]
    ),

    // The Keychain service that gets every classic pitfall right, and device keys.
    .target(
        name: "SecureStorage",
        dependencies: ["DeviceTrustCrypto"]
    ),

    // LocalAuthentication done right: availability with its reason, typed prompt outcomes,
    // enrolment changes; decisions in plain Swift, `LAContext` behind `canImport`.
    .target(name: "BiometricGate", dependencies: ["SecureStorage"]),

    // An emulated iOS device (keychain, Secure Enclave, biometry, lock state) for tests.
    .target(
        name: "DeviceEmulator",
        dependencies: ["SecureStorage", "DeviceTrustCrypto", "CodedErrors", "AppPrivacy", "BiometricGate"]
    ),

    // Privacy hygiene on the device: logs that redact by default, `Redacted` values, and
    // pasteboard copies that stay local and expire.
    .target(name: "AppPrivacy"),

    // Strict, bounded DER (X.690) reading and PEM blocks: pure Swift, for iOS and server.
    .target(name: "ASN1DER"),

    // X.509 certificates parsed in pure Swift; signature and path checks over OpenSSL
    // (where it exists) from the `OpenSSL/` folder.
    .target(
        name: "X509Certificates",
        dependencies: ["ASN1DER", "CodedErrors", .target(name: "COpenSSL", condition: linuxOnly)]
    ),

    // Apple App Attest and Android Key Attestation verification: pure, no HTTP, no database.
    .target(
        name: "Attestation",
        dependencies: ["ASN1DER", "X509Certificates", "DeviceTrustCrypto", "CodedErrors"]
    ),

    // Emulated App Attest and Android Keystore attestation under test roots, byte for byte
    // in the form real devices produce: for tests, demos and the emulated devices.
    .target(
        name: "EmulatedAttestation",
        dependencies: ["ASN1DER", "X509Certificates", "DeviceTrustCrypto", "CodedErrors", "SecureStorage", "DeviceBindingClient"]
    ),

    // `devicetrust audit`, in three layers that point one way. `AuditKit`: the inputs
    // (Swift via the toolchain's SwiftParser, Objective-C tokens, property lists, project
    // facts), the engine, the finding model, the reports, the rule protocol and the shared
    // vocabulary. `AuditRules`: the rules, one file each, and their registry; it depends on
    // the kit, never the other way round. `Auditor`: the `audit` command.
    // What a built app holds, read without unpacking it to disk: the `.ipa` zip (libzip, with
    // limits), Mach-O binaries (parsed in Swift) and the provisioning profile (OpenSSL CMS).
    .target(name: "AppBundle", dependencies: ["CLibZip", .target(name: "COpenSSL", condition: linuxOnly)]),
    // Zip archives written for the tests (never in a product).
    .target(name: "AppBundleTestSupport", dependencies: ["CLibZip"]),
    .target(
        name: "AuditKit",
        dependencies: ["DeviceTrustCrypto", "AppBundle"],
        swiftSettings: swiftSyntaxSettings,
        linkerSettings: swiftSyntaxLinking
    ),
    .target(
        name: "AuditRules",
        dependencies: ["AuditKit", "AppBundle"],
        swiftSettings: swiftSyntaxSettings,
        linkerSettings: swiftSyntaxLinking
    ),
    .target(
        name: "Auditor",
        dependencies: ["AuditKit", "AuditRules", "CommandKit"],
        swiftSettings: swiftSyntaxSettings,
        linkerSettings: swiftSyntaxLinking
    ),

    // Certificate pinning done right: SPKI pins with a backup, a policy that never falls
    // back to default trust; pure Swift over DeviceTrustCrypto and the certificate parser.
    .target(name: "Pinning", dependencies: ["X509Certificates", "DeviceTrustCrypto", "ASN1DER", "CodedErrors"]),

    // `devicetrust pin`: hash, fetch (TLS through OpenSSL), plist, check, rotate-plan.
    .target(
        name: "PinningCommands",
        dependencies: ["Pinning", "X509Certificates", "ASN1DER", "DeviceTrustCrypto", "CommandKit", .target(name: "COpenSSL", condition: linuxOnly)]
    ),

    // The wire protocol shared by server and client: signing payloads, canonical JSON,
    // messages, error codes.
    .target(name: "DeviceBinding", dependencies: ["DeviceTrustCrypto", "CodedErrors"]),

    // The server's storage protocol, model, life-cycle rules and store URL; one target per
    // engine; the engines an executable links, chosen by URL.
    .target(name: "TrustStore"),
    .target(name: "TrustStoreSQLite", dependencies: ["TrustStore", "CSQLite", "NamedThreads"]),
    .target(name: "TrustStorePostgres", dependencies: ["TrustStore", "CLibPQ"]),
    .target(name: "TrustStoreEngines", dependencies: ["TrustStore", "TrustStoreSQLite", "TrustStorePostgres"]),

    // Test support, never in a product: the storage conformance suite every engine's
    // tests run (as swift-nio ships NIOTestUtils).
    .target(name: "TrustStoreTestSupport", dependencies: ["TrustStore"]),

    // Test support, never in a product: this repository's fuzz corpora and built executables,
    // and commands run in process with their output captured.
    .target(name: "RepositoryTestSupport", dependencies: ["CommandKit"]),

    // Test support, never in a product: a strict parser of the Prometheus text format, for
    // the tests that check `GET /metrics`.
    .target(name: "PrometheusTestSupport"),

    // HTTP/1.1 over GNU libmicrohttpd: request assembly, body limits, responses.
    .target(name: "MicroHTTP", dependencies: ["CMicroHTTPD", "NamedThreads"]),

    // Test support, never in a product: a blocking loopback-only HTTP/1.1 client for the
    // tests and the benchmark (only `devicetrust-benchmark` links it outside the tests).
    .target(name: "MicroHTTPTestSupport"),

    // Server-side credentials: Argon2id PIN hashes (libsodium) and ES256 access tokens.
    .target(name: "ServerCredentials", dependencies: ["DeviceTrustCrypto", "DeviceBinding", "CSodium", "CodedErrors"]),

    // The server: enrollment, challenges, approvals, PINs, tokens; routes over MicroHTTP.
    .target(
        name: "TrustServer",
        dependencies: [
            "DeviceBinding", "TrustStore", "ServerCredentials", "MicroHTTP", "DeviceTrustCrypto", "Attestation", "ASN1DER", "CommandKit", "NamedThreads",
        ]
    ),

    // The app side: enroll, approve, unlock over URLSession with hardware device keys.
    .target(
        name: "DeviceBindingClient",
        dependencies: ["DeviceBinding", "SecureStorage", "DeviceTrustCrypto"]
    ),

    // `devicetrust demo`: an embedded server and an emulated iPhone, step by step.
    .target(
        name: "DeviceTrustDemo",
        dependencies: [
            "TrustServer", "TrustStoreEngines", "DeviceBindingClient", "DeviceEmulator", "DeviceBinding", "SecureStorage", "DeviceTrustCrypto", "CommandKit",
            "ASN1DER", "EmulatedAttestation",
        ]
    ),

    // The one executable: subcommands only parse and wire.
    .executableTarget(
        name: "devicetrust",
        dependencies: ["TrustServer", "TrustStoreEngines", "DeviceTrustDemo", "Auditor", "PinningCommands", "CommandKit"],
        swiftSettings: swiftSyntaxSettings,
        linkerSettings: swiftSyntaxLinking
    ),

    // `swift run -c release devicetrust-benchmark`: our figures next to `openssl speed`.
    .executableTarget(
        name: "devicetrust-benchmark",
        dependencies: [
            "DeviceTrustCrypto", "DeviceBinding", "TrustServer", "TrustStore", "TrustStorePostgres", "TrustStoreEngines", "MicroHTTP", "MicroHTTPTestSupport",
            "NamedThreads", "Attestation",
            "EmulatedAttestation", "CommandKit",
        ]
    ),

    .testTarget(
        name: "SecureStorageTests",
        dependencies: ["SecureStorage", "DeviceEmulator", "DeviceTrustCrypto"]
    ),
    .testTarget(name: "AppPrivacyTests", dependencies: ["AppPrivacy", "DeviceEmulator"]),
    .testTarget(name: "BiometricGateTests", dependencies: ["BiometricGate", "DeviceEmulator", "SecureStorage"]),
    .testTarget(
        name: "DeviceEmulatorTests",
        dependencies: ["DeviceEmulator", "SecureStorage", "DeviceTrustCrypto"]
    ),
    .testTarget(name: "DeviceBindingTests", dependencies: ["DeviceBinding", "DeviceTrustCrypto", "RepositoryTestSupport"]),
    .testTarget(name: "CommandKitTests", dependencies: ["CommandKit", "RepositoryTestSupport"]),
    // The built `devicetrust` binary: help of every command against files in Help/, exit statuses.
    .testTarget(name: "DeviceTrustCommandLineTests", dependencies: ["RepositoryTestSupport"], exclude: ["Help"]),
    .testTarget(name: "TrustStoreTests", dependencies: ["TrustStore"]),
    .testTarget(name: "TrustStoreSQLiteTests", dependencies: ["TrustStoreSQLite", "TrustStore", "TrustStoreTestSupport"]),
    .testTarget(name: "TrustStorePostgresTests", dependencies: ["TrustStorePostgres", "TrustStore", "TrustStoreTestSupport"]),
    // Several `devicetrust serve` processes on one database, and the faults they survive.
    .testTarget(
        name: "ClusterTests",
        dependencies: [
            "DeviceBinding", "DeviceTrustCrypto", "MicroHTTPTestSupport", "ServerCredentials", "EmulatedAttestation", "TrustStoreTestSupport",
            "RepositoryTestSupport",
        ]
    ),
    .testTarget(name: "MicroHTTPTests", dependencies: ["MicroHTTP", "MicroHTTPTestSupport", "RepositoryTestSupport"]),
    .testTarget(name: "MicroHTTPTestSupportTests", dependencies: ["MicroHTTPTestSupport", "MicroHTTP"]),
    .testTarget(
        name: "DeviceBindingClientTests",
        dependencies: [
            "DeviceBindingClient", "DeviceBinding", "SecureStorage", "DeviceEmulator", "TrustServer", "DeviceTrustCrypto", "ServerCredentials",
            "DeviceTrustDemo", "MicroHTTPTestSupport", "EmulatedAttestation",
        ]
    ),
    .testTarget(name: "DeviceTrustDemoTests", dependencies: ["DeviceTrustDemo"]),
    .testTarget(
        name: "TrustServerTests",
        dependencies: [
            "TrustServer", "CommandKit", "RepositoryTestSupport", "DeviceBinding", "TrustStore", "TrustStoreSQLite", "TrustStoreEngines", "ServerCredentials",
            "DeviceTrustCrypto", "MicroHTTP", "MicroHTTPTestSupport", "Attestation", "EmulatedAttestation", "PrometheusTestSupport",
        ]
    ),
    .testTarget(name: "ServerCredentialsTests", dependencies: ["ServerCredentials", "DeviceTrustCrypto", "DeviceBinding"]),
    .testTarget(
        name: "DeviceTrustBenchmarkTests",
        dependencies: ["devicetrust-benchmark", "CommandKit", "RepositoryTestSupport"]
    ),
    .testTarget(name: "ASN1DERTests", dependencies: ["ASN1DER"]),
    .testTarget(name: "NamedThreadsTests", dependencies: ["NamedThreads"]),
    .testTarget(name: "PinningTests", dependencies: ["Pinning", "X509Certificates", "DeviceTrustCrypto"]),
    .testTarget(name: "PinningCommandsTests", dependencies: ["PinningCommands", "Pinning", "X509Certificates", "CommandKit", "RepositoryTestSupport"]),
    .testTarget(
        name: "AuditorTests",
        dependencies: ["Auditor", "AuditKit", "AuditRules", "AppBundle", "AppBundleTestSupport", "RepositoryTestSupport"],
        exclude: ["Fixtures"],
        swiftSettings: swiftSyntaxSettings,
        linkerSettings: swiftSyntaxLinking
    ),
    .testTarget(
        name: "EmulatedAttestationTests",
        dependencies: ["EmulatedAttestation", "X509Certificates", "ASN1DER", "DeviceTrustCrypto", "Attestation"]
    ),
    .testTarget(name: "X509CertificatesTests", dependencies: ["X509Certificates", "ASN1DER"], exclude: ["Fixtures"]),
    .testTarget(
        name: "AttestationTests",
        dependencies: ["Attestation", "X509Certificates", "ASN1DER", "DeviceTrustCrypto", "EmulatedAttestation"],
        exclude: ["Vectors"]
    ),
    .testTarget(
        name: "DeviceTrustCryptoTests",
        dependencies: ["DeviceTrustCrypto"],
        exclude: ["Vectors"]
    ),
    // The README: its commands run against the built `devicetrust` (or found in CI), its
    // Swift blocks compiled here (`Snippets/`) and run against the server it starts.
    .testTarget(
        name: "ReadmeTests",
        dependencies: [
            "DeviceBindingClient", "DeviceBinding", "SecureStorage", "DeviceEmulator", "Pinning", "ServerCredentials", "RepositoryTestSupport",
            "TrustStoreTestSupport", "Attestation", "BiometricGate",
        ]
    ),
]

for target in targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny")
        ]
}

let package = Package(
    name: "DeviceTrust",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "DeviceTrustCrypto", targets: ["DeviceTrustCrypto"]),
        .library(name: "SecureStorage", targets: ["SecureStorage"]),
        .library(name: "DeviceEmulator", targets: ["DeviceEmulator"]),
        .library(name: "AppPrivacy", targets: ["AppPrivacy"]),
        .library(name: "BiometricGate", targets: ["BiometricGate"]),
        .library(name: "CodedErrors", targets: ["CodedErrors"]),
        .library(name: "DeviceBindingClient", targets: ["DeviceBindingClient"]),
        .library(name: "Pinning", targets: ["Pinning"]),
        // The App Attest, Android key attestation and receipt verifiers, for a backend team's own server.
        .library(name: "Attestation", targets: ["Attestation"]),
        .executable(name: "devicetrust", targets: ["devicetrust"]),
        .executable(name: "devicetrust-benchmark", targets: ["devicetrust-benchmark"]),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
