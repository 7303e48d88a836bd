import DeviceBinding
import DeviceTrustCrypto
import Foundation
import MicroHTTPTestSupport
import ServerCredentials
import Testing

/// `devicetrust keys rotate` on two running `devicetrust serve` nodes (one SQLite file,
/// copies of one data directory) while tokens are being issued on both.
@Suite("Signing-key rotation across nodes", .enabled(if: devicetrustExecutable != nil), .serialized)
struct KeyRotationClusterTests {
    /// One token issued during the test, with the JWKS its node published right after.
    struct Issued: Sendable {
        let node: Int
        let token: String
        let jwks: Data
        let at: Date
    }

    /// The `kid` in a token's header.
    static func keyID(of token: String) throws -> String {
        struct Header: Decodable { let kid: String }
        let part = try #require(token.split(separator: ".").first)
        return try JSONDecoder().decode(Header.self, from: Base64URL.decode(String(part))).kid
    }

    static func publishedKeyIDs(_ jwks: Data) throws -> Set<String> { Set(try JSONWebKeySet.publicKeys(from: jwks).keys) }

    /// Runs `devicetrust keys rotate --data-dir directory`; returns the new kid.
    static func rotate(_ directory: String) throws -> String {
        let process = Process()
        process.executableURL = devicetrustExecutable
        process.arguments = ["keys", "rotate", "--data-dir", directory]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let kid = text.split(separator: " ").dropFirst(3).first else {
            throw ClusterTestError("keys rotate failed (\(process.terminationStatus)): \(text)")
        }
        return String(kid)
    }

    @Test(
        "rotating while both nodes issue tokens: the new key is published by each node before it signs with it, within 30 s, and every token verifies with the JWKS of the moment"
    )
    func rotateUnderLoad() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-rotation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let cluster = try Cluster(nodes: 2, database: "sqlite:\(root.appendingPathComponent("shared.sqlite").path)", arguments: ["--key-publish-delay", "8"])
        var phone = ClusterPhone()
        try cluster.enroll(&phone)
        let oldKeys = try Self.publishedKeyIDs(cluster.node(0).get("/.well-known/jwks.json").body)
        #expect(oldKeys.count == 1)
        #expect(try Self.publishedKeyIDs(cluster.node(1).get("/.well-known/jwks.json").body) == oldKeys, "copies of one data directory publish the same key")

        let issued = LockedResults<[Issued]>()
        let failures = LockedResults<String>()
        let stop = LockedResults<Bool>()
        let group = DispatchGroup()
        let phoneOnAllNodes = phone
        for node in 0..<2 {
            group.enter()
            Thread {
                var mine: [Issued] = []
                let deadline = Date().addingTimeInterval(40)
                while stop.value(at: 0) != true, Date() < deadline {
                    do {
                        let created = try cluster.challenge(on: node, phoneOnAllNodes)
                        let answer = try cluster.respond(on: node, to: created, phoneOnAllNodes.response(to: created))
                        guard answer.status == 200 else { throw ClusterTestError("response: \(answer.status) \(answer.bodyText)") }
                        let token = try WireCoding.decode(TokenResponse.self, from: answer.body).accessToken
                        mine.append(Issued(node: node, token: token, jwks: try cluster.node(node).get("/.well-known/jwks.json").body, at: Date()))
                    } catch {
                        failures.set(node, "\(error)")
                        break
                    }
                    usleep(20_000)
                }
                issued.set(node, mine)
                group.leave()
            }.start()
        }

        usleep(500_000)
        let rotatedAt = Date()
        let newKey = try Self.rotate(cluster.node(0).dataDirectory)
        // The operator copies the key folder to the other node's data directory.
        let file = "token-signing-keys/\(newKey).pem"
        // (Written under a `.tmp-` name, which servers skip, made 0600, then renamed: as `cp -p` or rsync would leave it.)
        let copy = cluster.node(1).dataDirectory + "/" + file
        try FileManager.default.copyItem(atPath: cluster.node(0).dataDirectory + "/" + file, toPath: copy + ".tmp-copy")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy + ".tmp-copy")
        try FileManager.default.moveItem(atPath: copy + ".tmp-copy", toPath: copy)
        // Both nodes sign with the new key within 30 s: the delay (8 s) counts from the key's
        // creation and is longer than the 5 s in which a node reads the folder again, so each
        // node publishes the key for at least 3 s before it signs with it.
        let deadline = rotatedAt.addingTimeInterval(30)
        var switched: Set<Int> = []
        while Date() < deadline, switched.count < 2, failures.all.isEmpty {
            for node in 0..<2 where !switched.contains(node) {
                let created = try cluster.challenge(on: node, phone)
                let answer = try cluster.respond(on: node, to: created, phone.response(to: created))
                if answer.status == 200, try Self.keyID(of: WireCoding.decode(TokenResponse.self, from: answer.body).accessToken) == newKey {
                    switched.insert(node)
                }
            }
            usleep(100_000)
        }
        usleep(300_000)
        stop.set(0, true)
        group.wait()

        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(switched == [0, 1], "both nodes sign with the new key within 30 s of the rotation")
        let tokens = (issued.value(at: 0) ?? []) + (issued.value(at: 1) ?? [])
        #expect(tokens.count >= 20, "tokens were issued throughout")
        var kidsSeen: Set<String> = []
        for (node, nodeTokens) in [0, 1].map({ node in (node, tokens.filter { $0.node == node }.sorted { $0.at < $1.at }) }) {
            var firstPublished: Date?
            var firstSigned: Date?
            for item in nodeTokens {
                let kid = try Self.keyID(of: item.token)
                kidsSeen.insert(kid)
                let verifier = try AccessTokenVerifier(jwks: item.jwks, issuer: "devicetrust", audience: "devicetrust")
                #expect(throws: Never.self, "node \(node): a token signed by \(kid) verifies with the JWKS of the moment") { try verifier.verify(item.token) }
                let published = try Self.publishedKeyIDs(item.jwks)
                if published.contains(newKey), firstPublished == nil { firstPublished = item.at }
                if kid == newKey, firstSigned == nil { firstSigned = item.at }
                if firstSigned != nil {
                    #expect(kid == newKey, "node \(node) never goes back to the old key")
                    #expect(published.isSuperset(of: oldKeys), "node \(node) keeps the previous key published")
                }
            }
            if let firstPublished, let firstSigned {
                #expect(firstSigned.timeIntervalSince(firstPublished) >= 1, "node \(node) published the new key before signing with it")
            }
        }
        #expect(kidsSeen == oldKeys.union([newKey]))
        for node in cluster.nodes {
            #expect(try Self.publishedKeyIDs(node.get("/.well-known/jwks.json").body) == oldKeys.union([newKey]))
        }
    }

    @Test("keys rotate refuses a data directory that has no key yet, exit 1, naming the fix")
    func rotateNeedsADataDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("devicetrust-rotation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: ClusterTestError.self) { try Self.rotate(root.path) }
        #expect(!FileManager.default.fileExists(atPath: root.path), "nothing is created")
    }
}
