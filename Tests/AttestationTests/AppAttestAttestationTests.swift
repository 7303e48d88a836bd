@testable import Attestation
import DeviceTrustCrypto
import Foundation
import Testing
import X509Certificates

/// Each of Apple's attestation steps refuses its own kind of wrong input with its own code.
@Suite("App Attest attestation checks")
struct AppAttestAttestationTests {
    /// A production vector (2020, webauthn4j/kayak) and a development one (iOS 14.4).
    static let production = AppAttestVectors.attestation("webauthn4j-kayak-prod-2020")
    static let development = AppAttestVectors.attestation("veehaitch-ios-14.4-dev")

    private func verifier(
        for vector: AppAttestVectors.Attestation, appID: String? = nil, environment: AppAttestVerifier.Environment? = nil
    ) -> AppAttestVerifier {
        let date = vector.date
        return AppAttestVerifier(
            appID: appID ?? vector.appId,
            environment: environment ?? AppAttestVerifier.Environment(rawValue: vector.environment) ?? .production,
            now: { date }
        )
    }

    /// The vector's attestation object with its top-level map changed by `change`.
    private func reencoded(_ vector: AppAttestVectors.Attestation, _ change: (CBORMap) throws -> CBORMap) throws -> Data {
        let map = try #require(try CBORDecoder.decode([UInt8](vector.attestation)).mapValue)
        return Data(CBORTestEncoding.encode(.map(try change(map))))
    }

    @Test("a development attestation verified as production, and the reverse, fail with aaguid")
    func wrongEnvironment() throws {
        let dev = try #require(Self.development)
        #expect(throws: AttestationError(code: .aaguid)) {
            try verifier(for: dev, environment: .production).verifyAttestation(dev.attestation, keyID: dev.keyID, clientDataHash: dev.clientDataHash)
        }
        let prod = try #require(Self.production)
        #expect(throws: AttestationError(code: .aaguid)) {
            try verifier(for: prod, environment: .development).verifyAttestation(prod.attestation, keyID: prod.keyID, clientDataHash: prod.clientDataHash)
        }
    }

    @Test("the environments' aaguids are appattestdevelop and appattest followed by seven zero bytes")
    func aaguids() {
        #expect(AppAttestVerifier.Environment.development.aaguid == Data("appattestdevelop".utf8))
        #expect(AppAttestVerifier.Environment.production.aaguid == Data("appattest".utf8) + Data(count: 7))
        #expect(AppAttestVerifier.Environment.production.aaguid.count == 16)
    }

    @Test("another app's identifier fails with rpID, also one that differs only in case")
    func wrongAppID() throws {
        let vector = try #require(Self.production)
        for appID in ["8YE23NZS57.com.kayak.other", "8YE23NZS57.com.kayak.Travel", "com.kayak.travel"] {
            #expect(throws: AttestationError(code: .rpID)) {
                try verifier(for: vector, appID: appID).verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
            }
        }
    }

    @Test("a key id computed over the SubjectPublicKeyInfo instead of the 65-byte point fails with keyID")
    func keyIDOfSPKI() throws {
        let vector = try #require(Self.production)
        let object = try AppAttestationObject([UInt8](vector.attestation))
        let leaf = try Certificate(der: object.certificates[0])
        let spkiKeyID = Data(SHA256.hash(data: leaf.subjectPublicKeyInfo))
        #expect(Data(SHA256.hash(data: leaf.publicKey)) == vector.keyID)
        #expect(throws: AttestationError(code: .keyID)) {
            try verifier(for: vector).verifyAttestation(vector.attestation, keyID: spkiKeyID, clientDataHash: vector.clientDataHash)
        }
        #expect(throws: AttestationError(code: .keyID)) {
            try verifier(for: vector).verifyAttestation(vector.attestation, keyID: Data(), clientDataHash: vector.clientDataHash)
        }
    }

    @Test("another client data hash fails with nonce, including SHA-256 of it when the raw bytes were used")
    func wrongClientDataHash() throws {
        let vector = try #require(AppAttestVectors.attestation("apple-guide-2024-prod"))
        for hash in [Data(SHA256.hash(data: vector.clientDataHash)), Data(), vector.clientDataHash + [0]] {
            #expect(throws: AttestationError(code: .nonce)) {
                try verifier(for: vector).verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: hash)
            }
        }
    }

    @Test("a chain to a root the verifier does not trust fails with chain")
    func untrustedRoot() throws {
        let vector = try #require(Self.production)
        let pem = try String(
            contentsOf: AppAttestVectors.directory
                .deletingLastPathComponent().appendingPathComponent("android/google-hardware-attestation-root-rsa-2016.pem"), encoding: .utf8)
        let other = try #require(try Certificate.certificates(fromPEM: pem).first)
        let date = vector.date
        let verifier = AppAttestVerifier(appID: vector.appId, environment: .production, trustedRoots: [Data(other.der)], now: { date })
        #expect(throws: AttestationError(code: .chain)) {
            try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
    }

    @Test("a credential certificate whose signature was altered fails with chain, before and after the intermediate is remembered")
    func alteredLeafSignature() throws {
        let vector = try #require(Self.production)
        let object = try AppAttestationObject([UInt8](vector.attestation))
        var leaf = object.certificates[0]
        leaf[leaf.count - 1] ^= 0x01  // the last byte of the signature's s
        let altered = try reencoded(vector) { map in
            let statement = try #require(map[text: "attStmt"]?.mapValue)
            let x5c = CBORValue.array([.byteString(leaf), .byteString(object.certificates[1])])
            return CBORTestEncoding.replacing("attStmt", with: .map(CBORTestEncoding.replacing("x5c", with: x5c, in: statement)), in: map)
        }
        let verifier = verifier(for: vector)
        #expect(throws: AttestationError(code: .chain)) {
            try verifier.verifyAttestation(altered, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
        _ = try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        #expect(throws: AttestationError(code: .chain)) {
            try verifier.verifyAttestation(altered, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
    }

    @Test("a remembered intermediate does not outlive the verification time: before the leaf's notBefore fails with chain")
    func rememberedIntermediateAndTime() throws {
        let vector = try #require(Self.production)
        let clock = AppAttestTestClock(vector.date)
        let verifier = AppAttestVerifier(appID: vector.appId, environment: .production, now: { clock.date })
        _ = try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        for date in [AppAttestVectors.date("2020-09-01T00:00:00Z"), AppAttestVectors.date("2031-01-01T00:00:00Z")] {
            clock.date = date
            #expect(throws: AttestationError(code: .chain)) {
                try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
            }
        }
    }

    @Test("x5c with three certificates (the root appended) fails with chain: Apple sends [credCert, intermediate]")
    func threeCertificates() throws {
        let vector = try #require(Self.production)
        let object = try AppAttestationObject([UInt8](vector.attestation))
        let root = try #require(try Certificate.certificates(fromPEM: AppleAppAttestationRootCA.pem).first)
        let withRoot = try reencoded(vector) { map in
            let statement = try #require(map[text: "attStmt"]?.mapValue)
            let x5c = CBORValue.array(object.certificates.map { .byteString($0) } + [.byteString(root.der)])
            return CBORTestEncoding.replacing("attStmt", with: .map(CBORTestEncoding.replacing("x5c", with: x5c, in: statement)), in: map)
        }
        #expect(throws: AttestationError(code: .chain)) {
            try verifier(for: vector).verifyAttestation(withRoot, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
    }

    @Test("an attestation object that is cut short, has an extra field or lacks the receipt fails with malformed")
    func malformedObjects() throws {
        let vector = try #require(Self.production)
        let verifier = verifier(for: vector)
        let bytes = [UInt8](vector.attestation)
        for length in [0, 1, 100, bytes.count / 2, bytes.count - 1] {
            #expect(throws: AttestationError(code: .malformed)) {
                try verifier.verifyAttestation(Data(bytes.prefix(length)), keyID: vector.keyID, clientDataHash: vector.clientDataHash)
            }
        }
        #expect(throws: AttestationError(code: .malformed)) {
            try verifier.verifyAttestation(Data(bytes + [0x00]), keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
        let extraField = try reencoded(vector) { CBORTestEncoding.replacing("extra", with: .null, in: $0) }
        #expect(throws: AttestationError(code: .malformed)) {
            try verifier.verifyAttestation(extraField, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
        let noReceipt = try reencoded(vector) { map in
            let statement = try #require(map[text: "attStmt"]?.mapValue)
            let kept = CBORMap(entries: statement.entries.filter { $0.key != .textString("receipt") })
            return CBORTestEncoding.replacing("attStmt", with: .map(kept), in: map)
        }
        #expect(throws: AttestationError(code: .malformed)) {
            try verifier.verifyAttestation(noReceipt, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        }
    }

    @Test("the attested key carries Apple's receipt exactly as sent")
    func receipt() throws {
        let vector = try #require(Self.development)
        let object = try AppAttestationObject([UInt8](vector.attestation))
        let key = try verifier(for: vector).verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash)
        #expect(key.receipt == Data(object.receipt))
        #expect(key.environment == .development)
    }

    @Test("a verifier shared by concurrent tasks gives every one the same verdict")
    func concurrentUse() async throws {
        let vector = try #require(Self.production)
        let verifier = verifier(for: vector)
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    try verifier.verifyAttestation(vector.attestation, keyID: vector.keyID, clientDataHash: vector.clientDataHash).publicKey
                }
            }
            for try await key in group { #expect(key == vector.publicKey) }
        }
    }
}
