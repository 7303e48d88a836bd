import Attestation
import DeviceBinding
import Foundation
import DeviceTrustCrypto
import CommandKit
import MicroHTTPTestSupport
import Testing
import TrustStoreEngines
@testable import TrustServer

@Suite("devicetrust serve attestation options")
struct ServeAttestationOptionsTests {
    private static let digest = String(repeating: "a5", count: 32)

    @Test("both modes default to off, with no app ids and the production environment")
    func defaults() throws {
        let options = try ServeCommand.parse([]).configuration.attestation
        #expect(options == AttestationOptions())
        #expect(options.appAttestMode == .off && options.androidMode == .off)
        #expect(options.appAttestEnvironment == .production)
        let configuration = try options.makeConfiguration()
        #expect(configuration.appAttest.isEmpty && configuration.appAttestMode == .off && configuration.androidMode == .off)
    }

    @Test("every attestation option, repeatable ones repeated")
    func everyOption() throws {
        let options = try ServeCommand.parse([
            "--app-id", "TEAMID1234.com.example.bank", "--app-id=ABCDE12345.com.example.bank.beta",
            "--app-attest", "required", "--app-attest-environment=development", "--app-attest-root", "/tmp/apple.pem",
            "--app-attest-receipt-root", "/tmp/apple-g3.pem",
            "--android-package", "com.example.bank", "--android-cert-digest", Self.digest,
            "--android-cert-digest", String(repeating: "0F:", count: 31) + "0F",
            "--android-attestation=optional", "--android-revocation-list", "/tmp/status.json", "--android-root", "/tmp/google.pem",
            "--platforms", "ios",
        ]).configuration.attestation
        #expect(options.appIDs == ["TEAMID1234.com.example.bank", "ABCDE12345.com.example.bank.beta"])
        #expect(options.appAttestMode == .required && options.appAttestEnvironment == .development)
        #expect(options.androidPackage == "com.example.bank")
        #expect(options.androidCertificateDigests == [Data(repeating: 0xA5, count: 32), Data(repeating: 0x0F, count: 32)])
        #expect(options.androidMode == .optional)
        #expect(options.androidRevocationListPath == "/tmp/status.json")
        #expect(options.appAttestReceiptRootPath == "/tmp/apple-g3.pem")
        #expect(options.appAttestRootPath == "/tmp/apple.pem" && options.androidRootPath == "/tmp/google.pem")
        #expect(options.platforms == [.ios])
    }

    @Test("the receipt refresh and risk options parse, need App Attest and the three Apple values, and build the refresher")
    func receiptRefreshOptions() throws {
        let directory = try TemporaryDirectory()
        let keyFile = directory.path("AuthKey.p8")
        try Data(P256.Signing.PrivateKey().pemRepresentation.utf8).write(to: URL(fileURLWithPath: keyFile))
        let base = ["--app-id", "TEAMID1234.com.example.bank", "--app-attest", "required", "--app-attest-environment", "development"]
        let options = try ServeCommand.parse(
            base + [
                "--app-attest-risk-refresh", "--apple-team-id", "TEAMID1234", "--apple-key-id", "KEYID12345", "--apple-devicecheck-key", keyFile,
                "--app-attest-max-risk", "20",
            ]
        ).configuration.attestation
        #expect(options.receiptRefresh && options.maximumRisk == 20)
        #expect(try options.makeConfiguration().appAttestMaximumRisk == 20)
        let refresh = try #require(try options.makeRefreshConfiguration())
        #expect(refresh.endpoint == AppAttestReceiptRefresher.Configuration.developmentEndpoint, "development keys go to Apple's development endpoint")
        #expect(refresh.key.teamID == "TEAMID1234" && refresh.key.keyID == "KEYID12345")
        #expect(try ServeCommand.parse(base).configuration.attestation.makeRefreshConfiguration() == nil, "off by default")
        let local = try ServeCommand.parse(
            base + [
                "--app-attest-risk-refresh", "--apple-team-id", "TEAMID1234", "--apple-key-id", "KEYID12345", "--apple-devicecheck-key", keyFile,
                "--apple-attest-endpoint", "http://127.0.0.1:9999/v1/attestationData",
            ]
        ).configuration.attestation
        #expect(try local.makeRefreshConfiguration()?.endpoint.absoluteString == "http://127.0.0.1:9999/v1/attestationData")

        try Data("not a key".utf8).write(to: URL(fileURLWithPath: keyFile))
        do { _ = try options.makeRefreshConfiguration(); Issue.record("expected a bootstrap error") } catch {
            #expect(error.reason.contains("--apple-devicecheck-key") && !error.reason.contains("not a key"), "names the option, never the contents")
        }
        for bad in [
            ["--app-attest-risk-refresh"], ["--app-attest-risk-refresh", "--apple-team-id", "TEAMID1234"],
            ["--app-attest-max-risk", "many"], ["--app-attest-max-risk", "-1"],
            ["--apple-attest-endpoint", "http://attest.example.com/v1/attestationData"], ["--apple-attest-endpoint", "ftp://x"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try ServeCommand.parse(base + bad) }
        }
        #expect(throws: UsageError.self, "risk options without App Attest") { try ServeCommand.parse(["--app-attest-max-risk", "3"]) }
    }

    @Test("--platforms takes ios, android or both, and reaches the configuration")
    func platforms() throws {
        #expect(try ServeCommand.parse([]).configuration.attestation.platforms == [.ios, .android])
        for (list, expected) in [("ios,android", Set<Platform>([.ios, .android])), ("android,ios", [.ios, .android]), ("android", [.android])] {
            let options = try ServeCommand.parse(["--platforms", list]).configuration.attestation
            #expect(options.platforms == expected, "\(list)")
            #expect(try options.makeConfiguration().platforms == expected, "\(list)")
        }
    }

    @Test(
        "bad attestation options are usage errors naming the option",
        arguments: [
            (["--app-attest", "on"], "--app-attest"), (["--android-attestation", "strict"], "--android-attestation"),
            (["--app-attest", "required"], "--app-id"), (["--app-attest=optional"], "--app-id"),
            (["--app-id", "com.example.bank"], "--app-id"), (["--app-id", "TEAMID1234."], "--app-id"),
            (["--app-id", "teamid1234.com.example"], "--app-id"),
            (["--app-attest-environment", "sandbox"], "--app-attest-environment"),
            (["--android-package", "bank"], "--android-package"), (["--android-package", "com..bank"], "--android-package"),
            (["--android-cert-digest", "abc"], "--android-cert-digest"),
            (["--android-cert-digest", "+f" + String(repeating: "a", count: 62)], "--android-cert-digest"),
            (["--android-root="], "--android-root"), (["--app-attest-root="], "--app-attest-root"),
            (["--app-attest-receipt-root="], "--app-attest-receipt-root"),
            (["--android-revocation-list="], "--android-revocation-list"),
            (["--app-attest", "off", "--app-attest", "off"], "--app-attest"),
            (["--platforms", ""], "--platforms"), (["--platforms", "ios,"], "--platforms"), (["--platforms", "windows"], "--platforms"),
            (["--platforms", "ios,ios"], "--platforms"), (["--platforms", "IOS"], "--platforms"),
        ])
    func usageErrors(arguments: [String], option: String) {
        do {
            _ = try ServeCommand.parse(arguments)
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.message.contains(option), "\(error.message)")
        }
    }

    @Test("the help lists every attestation option")
    func help() {
        for option in [
            "--app-id", "--app-attest ", "--app-attest-environment", "--app-attest-root", "--app-attest-receipt-root", "--android-package",
            "--android-cert-digest", "--android-attestation", "--android-revocation-list", "--android-root", "--platforms",
            "--app-attest-risk-refresh", "--apple-team-id", "--apple-key-id", "--apple-devicecheck-key", "--apple-attest-endpoint",
            "--app-attest-max-risk",
        ] {
            #expect(ServeCommand.help.contains(option), "\(option)")
            #expect(ServeCommand.usage.contains(option.trimmingCharacters(in: .whitespaces)), "\(option)")
        }
    }

    @Test("unreadable or unparsable files are bootstrap errors naming the option and the path")
    func badFiles() throws {
        let directory = try TemporaryDirectory()
        var options = AttestationOptions()
        options.appAttestRootPath = directory.path("missing.pem")
        #expect(throws: BootstrapError.self) { _ = try options.makeConfiguration() }
        try Data("not pem".utf8).write(to: URL(fileURLWithPath: directory.path("empty.pem")))
        options.appAttestRootPath = directory.path("empty.pem")
        do { _ = try options.makeConfiguration(); Issue.record("expected an error") } catch {
            #expect(error.reason.contains("--app-attest-root") && error.reason.contains("empty.pem"))
        }
        options.appAttestRootPath = nil
        try Data("{}".utf8).write(to: URL(fileURLWithPath: directory.path("status.json")))
        options.androidRevocationListPath = directory.path("status.json")
        do { _ = try options.makeConfiguration(); Issue.record("expected an error") } catch {
            #expect(error.reason.contains("--android-revocation-list"))
        }
    }

    @Test("serve wired from parsed options and PEM test roots enrolls attested devices over HTTP")
    func wiredFromOptions() throws {
        let directory = try TemporaryDirectory()
        let lab = AttestationLab.shared
        try Self.pem(lab.appAttestAuthority.rootCertificate.der).write(to: URL(fileURLWithPath: directory.path("apple.pem")))
        try Self.pem(lab.androidAuthority.rootCertificate.der).write(to: URL(fileURLWithPath: directory.path("google.pem")))
        let command = try ServeCommand.parse([
            "--port", "0", "--data-dir", directory.path("data"),
            "--app-id", AttestationLab.appID, "--app-attest", "required", "--app-attest-environment", "development",
            "--app-attest-root", directory.path("apple.pem"), "--app-attest-receipt-root", directory.path("apple.pem"),
            "--android-package", AttestationLab.packageName, "--android-cert-digest", Self.digest,
            "--android-attestation", "required", "--android-root", directory.path("google.pem"),
        ])
        let prepared = try ServerBootstrap.prepare(command.configuration, openStore: TrustStoreEngines.open)
        defer { prepared.store.close() }
        let server = DeviceTrustServer(service: prepared.service, adminKey: prepared.adminKey)
        let port = try server.start(port: 0, threads: 2)
        defer { server.stop() }
        let adminKey = try String(contentsOf: prepared.adminKeyFile, encoding: .utf8)
        func enroll(_ build: (Data) throws -> EnrollmentCompletion) throws -> Int {
            let created = try LoopbackHTTPClient.send(
                port: port, "POST", "/v1/enrollments", json: try WireCoding.encode(EnrollmentRequest(accountId: "acct-1")), bearer: adminKey
            ).decoded(EnrollmentCreated.self)
            let completion = try build(Base64URL.decode(created.signingPayload))
            return try LoopbackHTTPClient.send(
                port: port, "POST", "/v1/enrollments/\(created.enrollmentId)/complete", json: try WireCoding.encode(completion), bearer: nil
            ).status
        }
        #expect(try enroll { try AttestedEnrollment.iPhone(payload: $0) } == 201)
        #expect(try enroll { try AttestedEnrollment.android(payload: $0, keystore: lab.keystore()) } == 201)
        #expect(try enroll { try AttestedEnrollment.iPhone(payload: $0, service: nil) } == 403)
        #expect(
            try enroll {
                try AttestedEnrollment.android(payload: $0, keystore: lab.keystore { $0.signingCertificateDigests = [[UInt8](repeating: 1, count: 32)] })
            } == 403)
    }

    private static func pem(_ der: [UInt8]) -> Data {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return Data("-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n".utf8)
    }
}
