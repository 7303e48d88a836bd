import Foundation
import Testing
import DeviceTrustCrypto

/// A scratch directory and the `openssl` command-line tool, for interoperability tests.
///
/// Each test makes its own workspace, so tests can run in parallel; the directory is
/// removed when the workspace is released.
final class InteropOpenSSLWorkspace {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    let executable: URL
    let directory: URL

    /// Finds `openssl` on PATH (or in /usr/bin) and makes a fresh temporary directory.
    /// - Throws: a ``Failure`` that says how to install openssl when it is missing.
    init() throws {
        executable = try Self.locateOpenSSL()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("devicetrust-openssl-interop-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    static func locateOpenSSL() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { String($0) } + ["/usr/bin", "/usr/local/bin", "/bin"]
        for directory in candidates {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("openssl")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(
            description: """
                The OpenSSL interoperability tests need the `openssl` command-line tool, which was not found \
                on PATH (\(path)) or in /usr/bin, /usr/local/bin, /bin. Install it (Debian/Ubuntu: \
                `apt-get install openssl`) and run the tests again.
                """)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func write(_ data: Data, to name: String) throws {
        try data.write(to: directory.appendingPathComponent(name))
    }

    func write(_ text: String, to name: String) throws {
        try write(Data(text.utf8), to: name)
    }

    func read(_ name: String) throws -> Data {
        // Through FileHandle rather than Data(contentsOf:), which leaks a buffer for empty
        // files in swift-corelibs-foundation (seen under AddressSanitizer).
        let handle = try FileHandle(forReadingFrom: directory.appendingPathComponent(name))
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }

    func readText(_ name: String) throws -> String {
        String(decoding: try read(name), as: UTF8.self)
    }

    /// Runs `openssl` with `arguments` in the workspace directory; any exit status.
    func run(_ arguments: [String]) throws -> Output {
        let stdoutName = "stdout-\(UUID().uuidString)"
        let stderrName = "stderr-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: path(stdoutName), contents: nil),
            FileManager.default.createFile(atPath: path(stderrName), contents: nil)
        else {
            throw Failure(description: "could not create output files in \(directory.path)")
        }
        let stdoutHandle = try FileHandle(forWritingTo: directory.appendingPathComponent(stdoutName))
        let stderrHandle = try FileHandle(forWritingTo: directory.appendingPathComponent(stderrName))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try process.run()
        process.waitUntilExit()
        try stdoutHandle.close()
        try stderrHandle.close()
        let output = Output(status: process.terminationStatus, stdout: try read(stdoutName), stderr: try readText(stderrName))
        try? FileManager.default.removeItem(atPath: path(stdoutName))
        try? FileManager.default.removeItem(atPath: path(stderrName))
        return output
    }

    /// Runs `openssl` and throws, with its stderr, unless it exits with status 0.
    @discardableResult
    func check(_ arguments: [String]) throws -> Output {
        let output = try run(arguments)
        guard output.status == 0 else {
            throw Failure(description: "`openssl \(arguments.joined(separator: " "))` exited with status \(output.status): \(output.stderr)")
        }
        return output
    }

    /// A new P-256 key made by `openssl genpkey`, written as PKCS#8 PEM to `name`.
    func generateP256Key(_ name: String) throws {
        try check(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", name])
    }

    /// Parses openssl's `AB:CD:...` hex output (as printed by `openssl kdf`).
    static func bytes(fromColonHex text: String) -> [UInt8] {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return apiBytes(hex: line.replacingOccurrences(of: ":", with: ""))
    }
}

/// Interoperability of DeviceTrustCrypto with the `openssl` command-line tool: keys,
/// signatures and shared secrets made on one side are accepted by the other.
@Suite("OpenSSL CLI interoperability")
struct OpenSSLInteropTests {
    // MARK: - (a) DeviceTrustCrypto signs, openssl verifies

    @Test("A key and signature made by DeviceTrustCrypto verify with `openssl dgst -sha256 -verify`")
    func opensslVerifiesOurSignatures() throws {
        let workspace = try InteropOpenSSLWorkspace()
        for round in 0..<8 {
            let key = P256.Signing.PrivateKey()
            let message = Data("interop message \(round) \(UUID().uuidString)".utf8)
            let signature = try key.signature(for: message)
            try workspace.write(key.publicKey.pemRepresentation, to: "pub.pem")
            try workspace.write(signature.derRepresentation, to: "sig.der")
            try workspace.write(message, to: "msg")
            let output = try workspace.run(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.der", "msg"])
            #expect(output.status == 0, "round \(round): \(output.stderr)")
            #expect(output.stdoutText.contains("Verified OK"), "round \(round): \(output.stdoutText)")

            // openssl rejects the same signature over another message.
            try workspace.write(message + [0x00], to: "other")
            let rejected = try workspace.run(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.der", "other"])
            #expect(rejected.status != 0)
            #expect(!rejected.stdoutText.contains("Verified OK"))
        }
    }

    @Test("openssl verifies our signature with our public key given as DER SubjectPublicKeyInfo")
    func opensslVerifiesWithDERPublicKey() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey()
        let message = Data("DER public key".utf8)
        try workspace.write(key.publicKey.derRepresentation, to: "pub.der")
        try workspace.write(try key.signature(for: message).derRepresentation, to: "sig.der")
        try workspace.write(message, to: "msg")
        let output = try workspace.run(["dgst", "-sha256", "-keyform", "DER", "-verify", "pub.der", "-signature", "sig.der", "msg"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutText.contains("Verified OK"))
    }

    @Test("A signature over a SHA256Digest verifies with `openssl pkeyutl -verify` over the same digest")
    func opensslVerifiesDigestSignature() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey()
        let digest = SHA256.hash(data: Data("prehashed".utf8))
        try workspace.write(key.publicKey.pemRepresentation, to: "pub.pem")
        try workspace.write(Data(Array(digest)), to: "digest.bin")
        try workspace.write(try key.signature(for: digest).derRepresentation, to: "sig.der")
        let output = try workspace.run(["pkeyutl", "-verify", "-pubin", "-inkey", "pub.pem", "-in", "digest.bin", "-sigfile", "sig.der"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutText.contains("Signature Verified Successfully"))
    }

    @Test("openssl signs with our private key PEM and DeviceTrustCrypto verifies, and vice versa")
    func opensslUsesOurPrivateKey() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey()
        let message = Data("signed by openssl with our key".utf8)
        try workspace.write(key.pemRepresentation, to: "key.pem")
        try workspace.write(message, to: "msg")
        try workspace.check(["dgst", "-sha256", "-sign", "key.pem", "-out", "sig.der", "msg"])
        let signature = try P256.Signing.ECDSASignature(derRepresentation: try workspace.read("sig.der"))
        #expect(key.publicKey.isValidSignature(signature, for: message))
    }

    // MARK: - (b) openssl signs, DeviceTrustCrypto verifies

    @Test("A key from `openssl genpkey` and a signature from `openssl dgst -sha256 -sign` verify with DeviceTrustCrypto")
    func weVerifyOpenSSLSignatures() throws {
        let workspace = try InteropOpenSSLWorkspace()
        try workspace.generateP256Key("key.pem")
        try workspace.check(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"])
        let publicKey = try P256.Signing.PublicKey(pemRepresentation: try workspace.readText("pub.pem"))
        // Enough signatures that some have an r or s shorter than 32 bytes or with a high bit.
        for round in 0..<24 {
            let message = Data("openssl message \(round)".utf8)
            try workspace.write(message, to: "msg")
            try workspace.check(["dgst", "-sha256", "-sign", "key.pem", "-out", "sig.der", "msg"])
            let der = try workspace.read("sig.der")
            let signature = try P256.Signing.ECDSASignature(derRepresentation: der)
            #expect(publicKey.isValidSignature(signature, for: message), "round \(round)")
            #expect(publicKey.isValidSignature(signature, for: SHA256.hash(data: message)), "round \(round)")
            #expect(!publicKey.isValidSignature(signature, for: message + [0x01]), "round \(round)")
            // Our DER re-encoding of openssl's signature is byte-identical (both are strict DER).
            #expect(signature.derRepresentation == der, "round \(round)")
        }
    }

    @Test("openssl's private key parses in DeviceTrustCrypto, gives openssl's public key, and signs for openssl")
    func weUseOpenSSLPrivateKeys() throws {
        let workspace = try InteropOpenSSLWorkspace()
        try workspace.generateP256Key("key.pem")
        try workspace.check(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"])
        let key = try P256.Signing.PrivateKey(pemRepresentation: try workspace.readText("key.pem"))
        let opensslPublic = try P256.Signing.PublicKey(pemRepresentation: try workspace.readText("pub.pem"))
        #expect(key.publicKey.rawRepresentation == opensslPublic.rawRepresentation)

        let message = Data("signed by us with openssl's key".utf8)
        try workspace.write(message, to: "msg")
        try workspace.write(try key.signature(for: message).derRepresentation, to: "sig.der")
        let output = try workspace.run(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.der", "msg"])
        #expect(output.status == 0, "\(output.stderr)")
    }

    // MARK: - (c) Key encodings through `openssl pkey` and `openssl ec`

    @Test("Our PKCS#8 PEM private key survives `openssl pkey` unchanged")
    func privatePEMThroughPkey() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey()
        try workspace.write(key.pemRepresentation, to: "ours.pem")
        try workspace.check(["pkey", "-in", "ours.pem", "-out", "theirs.pem"])
        let theirs = try workspace.readText("theirs.pem")
        #expect(theirs.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(try P256.Signing.PrivateKey(pemRepresentation: theirs).rawRepresentation == key.rawRepresentation)
        // openssl writes exactly the PEM we write (modulo the final newline).
        #expect(theirs.trimmingCharacters(in: .newlines) == key.pemRepresentation.trimmingCharacters(in: .newlines))
    }

    @Test("Our PKCS#8 DER private key is read by `openssl pkey -inform DER` and its DER output parses back to the same key")
    func privateDERThroughPkey() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.KeyAgreement.PrivateKey()
        try workspace.write(key.derRepresentation, to: "ours.der")
        // (openssl 3.0's `pkey -outform DER` writes the traditional SEC 1 structure for EC keys.)
        try workspace.check(["pkey", "-inform", "DER", "-in", "ours.der", "-outform", "DER", "-out", "theirs.der"])
        let theirs = try workspace.read("theirs.der")
        #expect(try P256.KeyAgreement.PrivateKey(derRepresentation: theirs).rawRepresentation == key.rawRepresentation)
        #expect(try P256.Signing.PrivateKey(derRepresentation: theirs).publicKey.rawRepresentation == key.publicKey.rawRepresentation)
    }

    @Test("Our PKCS#8 DER is byte-identical to what `openssl pkcs8 -topk8 -nocrypt` writes for the same key")
    func privateDERMatchesOpenSSLPKCS8() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey()
        try workspace.write(key.derRepresentation, to: "ours.der")
        try workspace.check(["pkcs8", "-topk8", "-nocrypt", "-inform", "DER", "-in", "ours.der", "-outform", "DER", "-out", "pkcs8.der"])
        let theirs = try workspace.read("pkcs8.der")
        #expect(theirs == key.derRepresentation)
        #expect(try P256.Signing.PrivateKey(derRepresentation: theirs).rawRepresentation == key.rawRepresentation)
    }

    @Test("openssl's traditional SEC 1 `EC PRIVATE KEY` PEM from `openssl ec` is accepted, as CryptoKit does")
    func sec1PEMFromOpenSSLEC() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey()
        try workspace.write(key.pemRepresentation, to: "ours.pem")
        try workspace.check(["ec", "-in", "ours.pem", "-out", "sec1.pem"])
        let sec1 = try workspace.readText("sec1.pem")
        #expect(sec1.hasPrefix("-----BEGIN EC PRIVATE KEY-----"))
        #expect(try P256.Signing.PrivateKey(pemRepresentation: sec1).rawRepresentation == key.rawRepresentation)
        #expect(try P256.KeyAgreement.PrivateKey(pemRepresentation: sec1).rawRepresentation == key.rawRepresentation)
    }

    @Test("openssl's SEC 1 DER from `openssl ec -outform DER` is accepted")
    func sec1DERFromOpenSSLEC() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey()
        try workspace.write(key.derRepresentation, to: "ours.der")
        try workspace.check(["ec", "-inform", "DER", "-in", "ours.der", "-outform", "DER", "-out", "sec1.der"])
        let sec1 = try workspace.read("sec1.der")
        #expect(sec1.first == 0x30)
        #expect(try P256.Signing.PrivateKey(derRepresentation: sec1).rawRepresentation == key.rawRepresentation)
    }

    @Test("A SEC 1 key from `openssl ecparam -genkey -noout` is accepted and matches openssl's public key")
    func sec1FromEcparam() throws {
        let workspace = try InteropOpenSSLWorkspace()
        try workspace.check(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "sec1.pem"])
        try workspace.check(["ec", "-in", "sec1.pem", "-pubout", "-out", "pub.pem"])
        let key = try P256.Signing.PrivateKey(pemRepresentation: try workspace.readText("sec1.pem"))
        let publicKey = try P256.Signing.PublicKey(pemRepresentation: try workspace.readText("pub.pem"))
        #expect(key.publicKey.x963Representation == publicKey.x963Representation)
    }

    @Test("Our public key PEM and DER survive `openssl pkey -pubin` and `openssl ec -pubin` unchanged")
    func publicKeyThroughOpenSSL() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey().publicKey
        try workspace.write(key.pemRepresentation, to: "pub.pem")
        try workspace.write(key.derRepresentation, to: "pub.der")

        try workspace.check(["pkey", "-pubin", "-in", "pub.pem", "-pubout", "-out", "pkey.pem"])
        let pkeyPEM = try workspace.readText("pkey.pem")
        #expect(pkeyPEM.trimmingCharacters(in: .newlines) == key.pemRepresentation.trimmingCharacters(in: .newlines))
        #expect(try P256.Signing.PublicKey(pemRepresentation: pkeyPEM).rawRepresentation == key.rawRepresentation)

        try workspace.check(["pkey", "-pubin", "-inform", "DER", "-in", "pub.der", "-pubout", "-outform", "DER", "-out", "pkey.der"])
        #expect(try workspace.read("pkey.der") == key.derRepresentation)

        try workspace.check(["ec", "-pubin", "-in", "pub.pem", "-pubout", "-out", "ec.pem"])
        #expect(try P256.KeyAgreement.PublicKey(pemRepresentation: try workspace.readText("ec.pem")).rawRepresentation == key.rawRepresentation)

        try workspace.check(["ec", "-pubin", "-inform", "DER", "-in", "pub.der", "-pubout", "-outform", "DER", "-out", "ec.der"])
        #expect(try P256.Signing.PublicKey(derRepresentation: try workspace.read("ec.der")).rawRepresentation == key.rawRepresentation)
    }

    @Test("A compressed-point SubjectPublicKeyInfo from `openssl ec -conv_form compressed` is accepted")
    func compressedSPKIFromOpenSSL() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let key = P256.Signing.PrivateKey().publicKey
        try workspace.write(key.pemRepresentation, to: "pub.pem")
        try workspace.check(["ec", "-pubin", "-in", "pub.pem", "-pubout", "-conv_form", "compressed", "-outform", "DER", "-out", "pubc.der"])
        let der = try workspace.read("pubc.der")
        #expect(der.count == 59)
        #expect(Data(der.suffix(33)) == key.compressedRepresentation)
        #expect(try P256.Signing.PublicKey(derRepresentation: der).rawRepresentation == key.rawRepresentation)
    }

    @Test("openssl's compressed public point matches our compressedRepresentation")
    func compressedPointMatchesOpenSSL() throws {
        let workspace = try InteropOpenSSLWorkspace()
        for _ in 0..<4 {
            try workspace.generateP256Key("key.pem")
            try workspace.check(["ec", "-in", "key.pem", "-pubout", "-conv_form", "compressed", "-outform", "DER", "-out", "pubc.der"])
            try workspace.check(["pkey", "-in", "key.pem", "-pubout", "-out", "pub.pem"])
            let publicKey = try P256.Signing.PublicKey(pemRepresentation: try workspace.readText("pub.pem"))
            #expect(Data(try workspace.read("pubc.der").suffix(33)) == publicKey.compressedRepresentation)
        }
    }

    @Test("Keys made by openssl on other curves and algorithms are rejected")
    func otherAlgorithmsFromOpenSSLRejected() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let generators: [(String, [String])] = [
            ("P-384", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"]),
            ("secp256k1", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:secp256k1"]),
            ("Ed25519", ["genpkey", "-algorithm", "ED25519"]),
            ("X25519", ["genpkey", "-algorithm", "X25519"]),
            ("RSA", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"]),
        ]
        for (name, arguments) in generators {
            try workspace.check(arguments + ["-out", "\(name).pem"])
            try workspace.check(["pkey", "-in", "\(name).pem", "-outform", "DER", "-out", "\(name).der"])
            try workspace.check(["pkey", "-in", "\(name).pem", "-pubout", "-out", "\(name)-pub.pem"])
            try workspace.check(["pkey", "-in", "\(name).pem", "-pubout", "-outform", "DER", "-out", "\(name)-pub.der"])
            let pem = try workspace.readText("\(name).pem")
            let der = try workspace.read("\(name).der")
            #expect(throws: (any Error).self, "\(name) PEM") { try P256.Signing.PrivateKey(pemRepresentation: pem) }
            #expect(throws: (any Error).self, "\(name) PEM") { try P256.KeyAgreement.PrivateKey(pemRepresentation: pem) }
            #expect(throws: (any Error).self, "\(name) DER") { try P256.Signing.PrivateKey(derRepresentation: der) }
            #expect(throws: (any Error).self, "\(name) public PEM") {
                try P256.Signing.PublicKey(pemRepresentation: try workspace.readText("\(name)-pub.pem"))
            }
            #expect(throws: (any Error).self, "\(name) public DER") {
                try P256.KeyAgreement.PublicKey(derRepresentation: try workspace.read("\(name)-pub.der"))
            }
        }
    }

    @Test("A public key with explicit curve parameters (not the named curve) is rejected, as in CryptoKit")
    func explicitParametersPublicKeyRejected() throws {
        let workspace = try InteropOpenSSLWorkspace()
        try workspace.generateP256Key("key.pem")
        try workspace.check(["ec", "-in", "key.pem", "-pubout", "-param_enc", "explicit", "-out", "explicit-pub.pem"])
        #expect(throws: (any Error).self) {
            try P256.Signing.PublicKey(pemRepresentation: try workspace.readText("explicit-pub.pem"))
        }
    }

    // MARK: - (d) ECDH

    @Test("`openssl pkeyutl -derive` with our public key gives our shared secret")
    func ecdhMatchesOpenSSL() throws {
        let workspace = try InteropOpenSSLWorkspace()
        for round in 0..<4 {
            let ours = P256.KeyAgreement.PrivateKey()
            try workspace.generateP256Key("peer.pem")
            try workspace.check(["pkey", "-in", "peer.pem", "-pubout", "-out", "peer-pub.pem"])
            try workspace.write(ours.publicKey.pemRepresentation, to: "ours-pub.pem")

            // openssl: peer's private key with our public key.
            try workspace.check(["pkeyutl", "-derive", "-inkey", "peer.pem", "-peerkey", "ours-pub.pem", "-out", "z-openssl.bin"])
            let peerPublic = try P256.KeyAgreement.PublicKey(pemRepresentation: try workspace.readText("peer-pub.pem"))
            let secret = try ours.sharedSecretFromKeyAgreement(with: peerPublic)
            let opensslSecret = try workspace.read("z-openssl.bin")
            #expect(opensslSecret.count == 32)
            #expect(apiArray(secret) == [UInt8](opensslSecret), "round \(round)")

            // openssl: our private key (PKCS#8 PEM) with the peer's public key.
            try workspace.write(ours.pemRepresentation, to: "ours.pem")
            try workspace.check(["pkeyutl", "-derive", "-inkey", "ours.pem", "-peerkey", "peer-pub.pem", "-out", "z-ours.bin"])
            #expect(apiArray(secret) == [UInt8](try workspace.read("z-ours.bin")), "round \(round)")
        }
    }

    @Test("hkdfDerivedSymmetricKey matches `openssl kdf HKDF` over the shared secret")
    func hkdfFromSharedSecretMatchesOpenSSL() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let alice = P256.KeyAgreement.PrivateKey()
        let bob = P256.KeyAgreement.PrivateKey()
        let secret = try alice.sharedSecretFromKeyAgreement(with: bob.publicKey)
        let salt = Data("interop salt".utf8)
        let info = Data("interop info".utf8)
        let ours = secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: 48)
        let output = try workspace.check([
            "kdf", "-keylen", "48", "-kdfopt", "digest:SHA256",
            "-kdfopt", "hexkey:\(apiHex(contiguous: secret))",
            "-kdfopt", "hexsalt:\(apiHex(salt))", "-kdfopt", "hexinfo:\(apiHex(info))", "HKDF",
        ])
        #expect(apiArray(ours) == InteropOpenSSLWorkspace.bytes(fromColonHex: output.stdoutText))
    }

    // MARK: - Symmetric primitives against the openssl tool

    @Test("SHA-256/384/512 and HMAC agree with `openssl dgst` on random data")
    func digestsMatchOpenSSL() throws {
        let workspace = try InteropOpenSSLWorkspace()
        let data = Data((0..<10_000).map { _ in UInt8.random(in: 0...255) })
        let keyBytes = (0..<100).map { _ in UInt8.random(in: 0...255) }
        try workspace.write(data, to: "data.bin")
        func opensslHex(_ arguments: [String]) throws -> String {
            let output = try workspace.check(["dgst"] + arguments + ["-r", "data.bin"])
            return String(output.stdoutText.split(separator: " ").first ?? "")
        }
        #expect(try opensslHex(["-sha256"]) == apiHex(SHA256.hash(data: data)))
        #expect(try opensslHex(["-sha384"]) == apiHex(SHA384.hash(data: data)))
        #expect(try opensslHex(["-sha512"]) == apiHex(SHA512.hash(data: data)))
        let key = SymmetricKey(data: keyBytes)
        let macOptions = ["-mac", "HMAC", "-macopt", "hexkey:\(apiHex(keyBytes))"]
        #expect(try opensslHex(["-sha256"] + macOptions) == apiHex(HMAC<SHA256>.authenticationCode(for: data, using: key)))
        #expect(try opensslHex(["-sha512"] + macOptions) == apiHex(HMAC<SHA512>.authenticationCode(for: data, using: key)))
    }
}
