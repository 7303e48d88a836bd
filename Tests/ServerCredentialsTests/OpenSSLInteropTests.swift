import DeviceTrustCrypto
import Foundation
import ServerCredentials
import Testing

/// Our tokens verify with the `openssl` command-line tool, which knows nothing of JOSE.
@Suite("Interop: openssl verifies our ES256 tokens")
struct OpenSSLInteropTests {
    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "openssl dgst -sha256 -verify accepts header.payload with the r‖s signature as DER, and refuses a changed payload",
        .enabled(if: openssl != nil, "the openssl CLI is not installed"))
    func opensslVerifies() throws {
        let key = P256.Signing.PrivateKey()
        let now = Date()
        let token = try AccessTokenSigner(signingKey: key).issue(
            AccessTokenClaims(
                issuer: "devicetrust", audience: "devicetrust", subject: "account-1", issuedAt: now, expiresAt: now + 120,
                deviceID: "device-1", key: "device", purpose: "unlock"
            ))
        let parts = token.split(separator: ".")
        let raw = try #require(Self.base64URLDecode(String(parts[2])))
        let folder = try makeTemporaryFolder()
        let publicKey = folder.appendingPathComponent("pub.pem"), signature = folder.appendingPathComponent("sig.der")
        let signed = folder.appendingPathComponent("signed.txt"), changed = folder.appendingPathComponent("changed.txt")
        try Data(key.publicKey.pemRepresentation.utf8).write(to: publicKey)
        try Data(Self.derSignature(raw)).write(to: signature)
        try Data("\(parts[0]).\(parts[1])".utf8).write(to: signed)
        try Data("\(parts[0]).\(parts[1])x".utf8).write(to: changed)

        let accepted = try Self.run(["dgst", "-sha256", "-verify", publicKey.path, "-signature", signature.path, signed.path])
        #expect(accepted.status == 0)
        #expect(accepted.output.contains("Verified OK"))
        let refused = try Self.run(["dgst", "-sha256", "-verify", publicKey.path, "-signature", signature.path, changed.path])
        #expect(refused.status != 0)
    }

    /// r ‖ s as DER `SEQUENCE { INTEGER r, INTEGER s }`, written here independently of
    /// DeviceTrustCrypto's own converter.
    static func derSignature(_ raw: Data) -> [UInt8] {
        func integer(_ bytes: Data) -> [UInt8] {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return [0x02, UInt8(value.count)] + value
        }
        let body = integer(raw.prefix(32)) + integer(raw.suffix(32))
        return [0x30, UInt8(body.count)] + body
    }

    static func base64URLDecode(_ text: String) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard)
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(openssl))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
