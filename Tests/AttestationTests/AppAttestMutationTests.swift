@testable import Attestation
import Foundation
import Testing

/// A quick, deterministic mutation loop over real attestation objects and assertions: the
/// decoder and the verifier must refuse or accept every mutant without crashing, and a
/// mutant is only ever accepted when it changed bytes no check covers (the receipt).
@Suite("App Attest mutations")
struct AppAttestMutationTests {
    /// SplitMix64: a seeded generator, so a failure reproduces.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `bytes` with one to four random edits: flip, overwrite with a CBOR-interesting
    /// byte, insert, delete, duplicate a span, or truncate.
    static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        let interesting: [UInt8] = [0x00, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1F, 0x3F, 0x5F, 0x7F, 0x9F, 0xBF, 0xC0, 0xF6, 0xF7, 0xFB, 0xFF]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !result.isEmpty else { break }
            let index = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: result[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            case 1: result[index] = interesting.randomElement(using: &generator) ?? 0
            case 2: result.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            case 3: result.remove(at: index)
            case 4:
                let end = min(result.count, index + Int.random(in: 1...64, using: &generator))
                result.insert(contentsOf: result[index..<end], at: index)
            default: result = Array(result.prefix(index))
            }
        }
        return result
    }

    @Test("3 000 mutated attestation objects never crash the decoder or the verifier")
    func mutatedAttestations() throws {
        let vectors = AppAttestVectors.attestations.filter(\.isValid)
        try #require(!vectors.isEmpty)
        let verifiers = vectors.map { vector in
            let date = vector.date
            return AppAttestVerifier(
                appID: vector.appId, environment: AppAttestVerifier.Environment(rawValue: vector.environment) ?? .production, now: { date }
            )
        }
        var generator = SeededGenerator(state: 0x5EED_A77E_57A7_0001)
        var refused = 0, accepted = 0
        for round in 0..<3_000 {
            let vector = vectors[round % vectors.count]
            let verifier = verifiers[round % vectors.count]
            let mutant = Self.mutate([UInt8](vector.attestation), using: &generator)
            _ = try? CBORDecoder.decode(mutant)
            do {
                let key = try verifier.verifyAttestation(Data(mutant), keyID: vector.keyID, clientDataHash: vector.clientDataHash)
                #expect(key.publicKey == vector.publicKey)
                accepted += 1
            } catch {
                refused += 1
            }
        }
        #expect(refused > 2_500, "accepted \(accepted) mutants")
    }

    @Test("3 000 mutated assertions never crash, and none that still verifies changed the signed data")
    func mutatedAssertions() throws {
        let vectors = AppAttestVectors.assertions.filter(\.isValid)
        try #require(!vectors.isEmpty)
        let verifiers = vectors.map { AppAttestVerifier(appID: $0.appId, environment: .production) }
        var generator = SeededGenerator(state: 0x5EED_A55E_7710_0002)
        for round in 0..<3_000 {
            let vector = vectors[round % vectors.count]
            let verifier = verifiers[round % vectors.count]
            let mutant = Self.mutate([UInt8](vector.assertion), using: &generator)
            if let counter = try? verifier.verifyAssertion(
                Data(mutant), clientData: vector.clientData, publicKey: vector.publicKey, previousCounter: vector.previousCounter
            ) {
                #expect(counter == vector.expectedCounter)
                let object = try AppAttestAssertionObject(mutant)
                let original = try AppAttestAssertionObject([UInt8](vector.assertion))
                #expect(object.authenticatorData == original.authenticatorData)
            }
        }
    }

    @Test("20 000 random and mutated inputs never crash the CBOR decoder")
    func randomCBOR() {
        var generator = SeededGenerator(state: 0x5EED_CB02_0000_0003)
        let seeds = AppAttestVectors.assertions.map { [UInt8]($0.assertion) } + [[0xA1, 0x01, 0x82, 0x40, 0x60]]
        for round in 0..<20_000 {
            let input: [UInt8]
            if round % 2 == 0 {
                input = (0..<Int.random(in: 0...48, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                input = Self.mutate(seeds[round % seeds.count], using: &generator)
            }
            if let (value, end) = try? CBORDecoder.decodePrefix(input) {
                #expect(end <= input.count)
                if end == input.count { #expect(CBORTestEncoding.encode(value) == input) }
            }
        }
    }
}
