import Foundation
import Testing

@Suite("devicetrust pin hash")
struct PinHashCommandTests {
    @Test func pemChainGivesOneLinePerCertificate() throws {
        let leafKey = try PinCommandFixtures.key()
        let caKey = try PinCommandFixtures.key()
        let leaf = try PinCommandFixtures.certificate(commonName: "api.example.test", key: leafKey)
        let ca = try PinCommandFixtures.certificate(commonName: "Example CA", key: caKey)
        let path = try PinCommandFixtures.write(
            Data((PinCommandFixtures.pem(leaf) + PinCommandFixtures.pem(ca)).utf8), name: "chain.pem"
        )
        let run = PinCommandRun(["hash", path])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(
            run.output == [
                "\(PinCommandFixtures.pin(of: leafKey))  \(path)  CN=api.example.test",
                "\(PinCommandFixtures.pin(of: caKey))  \(path)  CN=Example CA",
            ])
    }

    @Test func derFileAndSeveralFiles() throws {
        let key = try PinCommandFixtures.key()
        let certificate = try PinCommandFixtures.certificate(commonName: "der.example.test", key: key)
        let der = try PinCommandFixtures.write(Data(certificate.der), name: "leaf.der")
        let pem = try PinCommandFixtures.write(Data(PinCommandFixtures.pem(certificate).utf8), name: "leaf.pem")
        let run = PinCommandRun(["hash", der, pem])
        #expect(run.status == 0)
        #expect(run.output.count == 2)
        #expect(run.output.allSatisfy { $0.hasPrefix(PinCommandFixtures.pin(of: key) + "  ") })
        #expect(run.output[0].hasSuffix("\(der)  CN=der.example.test"))
    }

    @Test func missingFileIsReportedWithItsPathAndTheOthersStillHashed() throws {
        let key = try PinCommandFixtures.key()
        let good = try PinCommandFixtures.write(
            Data(PinCommandFixtures.pem(try PinCommandFixtures.certificate(commonName: "ok", key: key)).utf8), name: "ok.pem"
        )
        let missing = "/nonexistent/devicetrust/leaf.pem"
        let run = PinCommandRun(["hash", missing, good])
        #expect(run.status == 2)
        #expect(run.errorText.contains(missing))
        #expect(run.errorText.contains("cannot read"))
        #expect(run.output.count == 1)
    }

    @Test func garbageIsNotACertificate() throws {
        let path = try PinCommandFixtures.write(Data([0x01, 0x02, 0x03, 0x04]), name: "garbage.bin")
        let run = PinCommandRun(["hash", path])
        #expect(run.status == 2)
        #expect(run.errorText.contains(path))
        #expect(run.errorText.contains("not one DER X.509 certificate"))
    }

    @Test func pemWithoutCertificateBlock() throws {
        let path = try PinCommandFixtures.write(
            Data("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n".utf8), name: "key.pem"
        )
        let run = PinCommandRun(["hash", path])
        #expect(run.status == 2)
        #expect(run.errorText.contains(path))
    }

    @Test func emptyFileAndNoFiles() throws {
        let empty = try PinCommandFixtures.write(Data(), name: "empty.pem")
        let run = PinCommandRun(["hash", empty])
        #expect(run.status == 2)
        #expect(run.errorText.contains("empty"))
        let none = PinCommandRun(["hash"])
        #expect(none.status == 2)
        #expect(none.errors.first == "devicetrust pin hash: missing FILE")
    }
}
