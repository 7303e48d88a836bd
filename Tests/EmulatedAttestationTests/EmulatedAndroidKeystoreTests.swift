import ASN1DER
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import Testing
import X509Certificates

@Suite("An emulated Android Keystore returns a factory-style attestation chain")
struct EmulatedAndroidKeystoreTests {
    let authority: AndroidAttestationAuthority

    init() throws {
        authority = try AndroidAttestationAuthority()
    }

    @Test("the chain is leaf, attestation certificate, intermediate, root; every link is named and signed by the next")
    func chainLinks() throws {
        let keystore = try EmulatedAndroidKeystore(authority: authority)
        let key = try keystore.generateKey(attestationChallenge: Data("challenge".utf8))
        let chain = try key.certificateChain.map { try Certificate(der: $0) }
        #expect(chain.count == 4)
        #expect(chain.last == authority.rootCertificate)
        for (child, parent) in zip(chain, chain.dropFirst()) {
            #expect(child.issuer == parent.subject)
            #expect(child.isSignatureValid(issuerKey: try CertificatePublicKey(of: parent)))
        }
        #expect(chain[0].publicKey.count == 65)
        #expect(Data(chain[0].subjectPublicKeyInfo) == key.publicKey)
    }

    @Test("only the leaf carries the KeyDescription, and it holds the challenge")
    func keyDescriptionOnLeaf() throws {
        let keystore = try EmulatedAndroidKeystore(authority: authority)
        let key = try keystore.generateKey(attestationChallenge: Data("the challenge".utf8))
        let chain = try key.certificateChain.map { try Certificate(der: $0) }
        let value = try #require(chain[0].extension("1.3.6.1.4.1.11129.2.1.17")?.value)
        #expect(chain.dropFirst().allSatisfy { $0.extension("1.3.6.1.4.1.11129.2.1.17") == nil })
        var reader = try DERReader(value)
        try reader.readConstructed { (description) throws(DERError) in
            #expect(try description.readInteger() == 300)
            #expect(try description.readInteger(tag: .enumerated) == 1)
            _ = try description.readInteger()
            _ = try description.readInteger(tag: .enumerated)
            #expect(Array(try description.readOctetString()) == Array("the challenge".utf8))
            while !description.isAtEnd { _ = try description.read() }
        }
    }

    @Test("the key signs with SHA256withECDSA under the attested public key")
    func keySigns() throws {
        let key = try EmulatedAndroidKeystore(authority: authority).generateKey(attestationChallenge: Data([1, 2, 3]))
        let publicKey = try P256.Signing.PublicKey(derRepresentation: key.publicKey)
        let message = Data("approve transfer".utf8)
        let signature = try P256.Signing.ECDSASignature(derRepresentation: key.signature(for: message))
        #expect(publicKey.isValidSignature(signature, for: message))
    }
}
