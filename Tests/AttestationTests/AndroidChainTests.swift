import Attestation
import Foundation
import Testing
import X509Certificates

/// The certificate path: trusted root keys (never the AOSP software roots), link order,
/// the verification clock with its factory and RKP cases, and revocation.
@Suite("Android key attestation: the certificate chain")
struct AndroidChainTests {
    /// A factory-provisioned Pixel 3 chain ending in the 2016 RSA root certificate.
    static let pixel3Factory = "signum-google-pixel-3-2023-05-15-6et0k2.json"
    /// A Pixel XL software attestation, ending in the AOSP EC software root.
    static let softwareAttestation = "signum-google-pixel-xl-2023-11-07-4b9day.json"
    /// Nokia X10 (factory), the base of the revocation vectors.
    static let nokia = "warden-roboto-nokia-x10--status-list-no-match.json"

    static let year2027 = Date(timeIntervalSince1970: 1_798_761_600)

    @Test("trusts the root key, not the certificate: a chain ending in the expired 2016 root verifies in 2027, and with only the 2022 issue trusted")
    func trustsTheKey() throws {
        let vector = try AndroidVector(Self.pixel3Factory)
        let later = AndroidKeyAttestationVerifier(now: { Self.year2027 })
        _ = try later.verify(chain: vector.chain, challenge: vector.challenge)
        let root2022 = try AndroidVector.certificates(inPEMFile: "google-hardware-attestation-root-rsa-2022.pem")
        _ = try vector.verify(trustedRoots: root2022).get()
    }

    @Test("a root key that is not trusted is refused")
    func untrustedRoot() throws {
        let vector = try AndroidVector(Self.pixel3Factory)
        let ecRoot = try AndroidVector.certificates(inPEMFile: "google-key-attestation-ca1-ec-p384-2025.pem")
        #expect(throws: AttestationError(code: .chain)) { try vector.verify(trustedRoots: ecRoot).get() }
    }

    @Test(
        "the AOSP software roots are never trusted, not even when configured",
        arguments: [
            "aosp-software-attestation-root-ec.pem", "aosp-software-attestation-root-rsa.pem",
        ])
    func softwareRootsNeverTrusted(rootFile: String) throws {
        let vector = try AndroidVector(Self.softwareAttestation)
        let software = try AndroidVector.certificates(inPEMFile: rootFile)
        let google = try AndroidVector.certificates(inPEMFile: "google-attestation-roots.pem")
        #expect(throws: AttestationError(code: .chain)) { try vector.verify().get() }
        #expect(throws: AttestationError(code: .chain)) {
            try vector.verify(policy: AndroidKeyPolicy(minimumSecurityLevel: .software, requireVerifiedBoot: false), trustedRoots: software).get()
        }
        // A configuration that lists a software root is refused as a whole.
        #expect(throws: AttestationError(code: .chain)) { try AndroidVector(Self.pixel3Factory).verify(trustedRoots: google + software).get() }
    }

    @Test("unusable trusted roots fail every verification", arguments: [[Data()], [Data([0x30, 0x00])], []])
    func unusableRoots(roots: [Data]) throws {
        #expect(throws: AttestationError(code: .chain)) { try AndroidVector(Self.pixel3Factory).verify(trustedRoots: roots).get() }
    }

    @Test("the chain must come leaf first, root last, complete")
    func order() throws {
        let vector = try AndroidVector(Self.pixel3Factory)
        let verifier = vector.verifier()
        #expect(throws: AttestationError(code: .chain)) { try verifier.verify(chain: vector.chain.reversed(), challenge: vector.challenge) }
        #expect(throws: AttestationError(code: .chain)) { try verifier.verify(chain: Array(vector.chain.dropLast()), challenge: vector.challenge) }
        #expect(throws: AttestationError(code: .chain)) {
            try verifier.verify(chain: [vector.chain[0], vector.chain[2], vector.chain[1]] + vector.chain.dropFirst(3), challenge: vector.challenge)
        }
        #expect(throws: AttestationError(code: .chain)) { try verifier.verify(chain: Array(vector.chain.prefix(2)), challenge: vector.challenge) }
        #expect(throws: AttestationError(code: .malformed)) {
            try verifier.verify(chain: [Data([0x30])] + vector.chain.dropFirst(), challenge: vector.challenge)
        }
    }

    @Test("an RKP chain cannot be verified once its short-lived certificates expire")
    func rkpExpires() throws {
        let vector = try AndroidVector("gka-pixel7pro-normal-cert-chain.json")
        let verifier = AndroidKeyAttestationVerifier(now: { Self.year2027 })
        #expect(throws: AttestationError(code: .chain)) { try verifier.verify(chain: vector.chain, challenge: vector.challenge) }
    }

    @Test("a factory chain is refused before its intermediates' validity starts")
    func factoryNotYetValid() throws {
        let vector = try AndroidVector(Self.pixel3Factory)
        let verifier = AndroidKeyAttestationVerifier(now: { Date(timeIntervalSince1970: 1_000_000_000) })
        #expect(throws: AttestationError(code: .chain)) { try verifier.verify(chain: vector.chain, challenge: vector.challenge) }
    }

    @Test("a revoked serial is found whatever its spelling; the root's serial does not count")
    func revocation() throws {
        let vector = try AndroidVector(Self.nokia)
        let time = vector.verificationTime
        let certificates = try vector.chain.map { try Certificate(der: $0) }
        for spelling in ["b7655c8cfa44db91bdf418d40b31c08c", "B7655C8CFA44DB91BDF418D40B31C08C", "00b7655c8cfa44db91bdf418d40b31c08c"] {
            let verifier = AndroidKeyAttestationVerifier(revokedSerials: [spelling], now: { time })
            #expect(throws: AttestationError(code: .revoked)) { try verifier.verify(chain: vector.chain, challenge: vector.challenge) }
        }
        let leafRevoked = AndroidKeyAttestationVerifier(revokedSerials: [certificates[0].serialNumberHex], now: { time })
        #expect(throws: AttestationError(code: .revoked)) { try leafRevoked.verify(chain: vector.chain, challenge: vector.challenge) }
        let rootListed = AndroidKeyAttestationVerifier(revokedSerials: [try #require(certificates.last).serialNumberHex], now: { time })
        _ = try rootListed.verify(chain: vector.chain, challenge: vector.challenge)
    }
}
