import Foundation
import Testing
import TrustStoreEngines
@testable import TrustServer

@Suite("devicetrust serve options")
struct ServeCommandTests {
    @Test("no options give the contract's defaults")
    func defaults() throws {
        let configuration = try ServeCommand.parse([], environment: [:]).configuration
        #expect(configuration.port == 8080)
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.dataDirectory == "./devicetrust-data")
        #expect(configuration.resolvedDatabaseURL.hasSuffix("/devicetrust-data/devicetrust.sqlite"))
        #expect(configuration.resolvedDatabaseURL.hasPrefix("sqlite:/"))
        #expect(configuration.service == DeviceTrustConfiguration())
        #expect(configuration.service.challengeTTL == 120)
        #expect(configuration.service.tokenIssuer == "devicetrust" && configuration.service.tokenAudience == "devicetrust")
    }

    @Test("every option, as a separate value or after '='")
    func everyOption() throws {
        let configuration = try ServeCommand.parse(
            [
                "--port", "9000", "--host=0.0.0.0", "--data-dir", "/tmp/dt", "--database=sqlite:/tmp/x.sqlite",
                "--challenge-ttl", "30", "--token-issuer", "https://id.example", "--token-audience=bank",
            ], environment: [:]
        ).configuration
        #expect(configuration.port == 9000)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.dataDirectory == "/tmp/dt")
        #expect(configuration.resolvedDatabaseURL == "sqlite:/tmp/x.sqlite")
        #expect(configuration.service.challengeTTL == 30)
        #expect(configuration.service.tokenIssuer == "https://id.example")
        #expect(configuration.service.tokenAudience == "bank")
    }

    @Test(
        "bad command lines are usage errors naming the option",
        arguments: [
            (["--port", "70000"], "--port"), (["--port", "-1"], "--port"), (["--host", "localhost"], "--host"),
            (["--challenge-ttl", "0"], "--challenge-ttl"), (["--challenge-ttl", "2m"], "--challenge-ttl"),
            (["--database", "mysql://db"], "--database"), (["--database", "sqlite:"], "--database"), (["--token-issuer="], "--token-issuer"),
            (["--port"], "--port"), (["--port", "1", "--port", "2"], "--port"), (["--verbose"], "--verbose"),
            (["serve"], "serve"),
            (["--key-publish-delay", "-1"], "--key-publish-delay"), (["--key-publish-delay", "604801"], "--key-publish-delay"),
            (["--key-publish-delay", "10m"], "--key-publish-delay"), (["--log-format", "yaml"], "--log-format"),
            (["--log-format", "JSON"], "--log-format"),
            (["serve"], "serve"), (["--tls-cert", "cert.pem"], "--tls-key"), (["--tls-key", "key.pem"], "--tls-cert"),
            (["--tls-cert=", "--tls-key", "key.pem"], "--tls-cert"),
        ])
    func usageErrors(arguments: [String], option: String) {
        do {
            _ = try ServeCommand.parse(arguments, environment: [:])
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.message.contains(option))
        }
    }

    @Test("--key-publish-delay (default 600 s) and --log-format (default text)")
    func rotationAndLogOptions() throws {
        let defaults = try ServeCommand.parse([], environment: [:]).configuration
        #expect(defaults.keyPublishDelay == 600)
        #expect(defaults.logFormat == .text)
        let given = try ServeCommand.parse(["--key-publish-delay", "0", "--log-format=json"], environment: [:]).configuration
        #expect(given.keyPublishDelay == 0)
        #expect(given.logFormat == .json)
        #expect(try ServeCommand.parse(["--key-publish-delay=604800"], environment: [:]).configuration.keyPublishDelay == 604_800)
    }

    @Test("connection limits: defaults, every option, and out-of-range values named")
    func connectionLimits() throws {
        #expect(try ServeCommand.parse([], environment: [:]).configuration.connectionLimits == ConnectionLimits())
        let defaults = ConnectionLimits()
        #expect(defaults.maximumConnections == 10_000 && defaults.maximumConnectionsPerAddress == 1_000)
        #expect(defaults.requestTimeoutSeconds == 10 && defaults.idleTimeoutSeconds == 30 && defaults.listenBacklog == 4_096)
        let limits = try ServeCommand.parse(
            [
                "--max-connections", "500", "--max-connections-per-address=0", "--request-timeout", "5", "--idle-timeout", "60",
                "--listen-backlog", "128",
            ], environment: [:]
        ).configuration.connectionLimits
        #expect(
            limits
                == ConnectionLimits(
                    maximumConnections: 500, maximumConnectionsPerAddress: 0, requestTimeoutSeconds: 5, idleTimeoutSeconds: 60, listenBacklog: 128))
        for (arguments, option) in [
            (["--max-connections", "0"], "--max-connections"), (["--max-connections-per-address", "-1"], "--max-connections-per-address"),
            (["--max-connections", "10", "--max-connections-per-address", "11"], "--max-connections-per-address"),
            (["--request-timeout", "0"], "--request-timeout"), (["--idle-timeout", "3601"], "--idle-timeout"),
            (["--listen-backlog", "70000"], "--listen-backlog"), (["--request-timeout", "1s"], "--request-timeout"),
        ] {
            do {
                _ = try ServeCommand.parse(arguments, environment: [:])
                Issue.record("expected a usage error for \(arguments)")
            } catch {
                #expect(error.message.contains(option))
            }
        }
    }

    @Test("DEVICETRUST_DATABASE_URL gives the database when --database is absent; --database wins")
    func databaseFromEnvironment() throws {
        let environment = ["DEVICETRUST_DATABASE_URL": "postgres://dt:s3cret@127.0.0.1:5432/devicetrust"]
        let fromEnvironment = try ServeCommand.parse([], environment: environment).configuration
        #expect(fromEnvironment.resolvedDatabaseURL == "postgres://dt:s3cret@127.0.0.1:5432/devicetrust")
        let fromOption = try ServeCommand.parse(["--database", "postgresql://db/app?sslmode=require"], environment: environment).configuration
        #expect(fromOption.resolvedDatabaseURL == "postgresql://db/app?sslmode=require")
        #expect(try ServeCommand.parse([], environment: ["DEVICETRUST_DATABASE_URL": ""]).configuration.databaseURL == nil)
    }

    @Test("a bad database URL is a usage error naming its source, never its password")
    func badDatabaseURL() {
        for (arguments, environment, source) in [
            (["--database", "mysql://dt:s3cret@db/app"], [:], "--database"),
            ([], ["DEVICETRUST_DATABASE_URL": "mysql://dt:s3cret@db/app"], "DEVICETRUST_DATABASE_URL"),
        ] as [([String], [String: String], String)] {
            do {
                _ = try ServeCommand.parse(arguments, environment: environment)
                Issue.record("accepted \(source)")
            } catch {
                #expect(error.message.contains(source))
                #expect(!error.message.contains("s3cret"))
            }
        }
    }
}
