import DeviceTrustDemo
import Foundation
import SecureStorage
import Testing

@Suite("devicetrust demo")
struct DeviceTrustDemoTests {
    @Test("runs to completion, prints every step, and never a PIN, token or key material")
    func runsAndPrintsNoSecrets() async throws {
        let printed = Locked<[String]>([])
        let outcome = try await DeviceTrustDemo.run { line in printed.withLock { $0.append(line) } }
        let lines = printed.withLock { $0 }
        #expect(lines == outcome.steps)

        let expected = [
            "Started an embedded DeviceTrust server on 127.0.0.1:",
            "created an enrollment for account demo-account with the admin key",
            "Enrolled an emulated iPhone",
            "with Face ID: token issued (claims: sub=demo-account, key=biometric, purpose=action, action_sha256=",
            "Replayed the same signed response: refused with challenge_consumed",
            "the client refused before signing (payloadMismatch)",
            "biometric approval fails",
            "Unlocked with the PIN and the device key: token issued (claims: sub=demo-account, key=device, purpose=unlock",
            "Rebound a new biometric key (device key and PIN): token issued (claims: sub=demo-account, key=device, purpose=rebind_biometric",
            "with the new biometric key: token issued (claims: sub=demo-account, key=biometric, purpose=action",
            "Wrong PIN (1 of 5): refused with pin_invalid, 4 attempts remaining.",
            "Wrong PIN (2 of 5): refused with pin_invalid, 3 attempts remaining.",
            "Wrong PIN (3 of 5): refused with pin_invalid, 2 attempts remaining.",
            "Wrong PIN (4 of 5): refused with pin_invalid, 1 attempt remaining.",
            "Wrong PIN (5 of 5): refused with device_revoked",
            "Biometric approval on the revoked device: refused with device_revoked.",
            "Stopped the server and removed the temporary data directory.",
        ]
        #expect(lines.count == expected.count)
        for (index, (line, fragment)) in zip(lines, expected).enumerated() {
            #expect(line.hasPrefix("\(index + 1). "), "numbered in order")
            #expect(line.contains(fragment), "step \(index + 1): \(line)")
        }

        let output = lines.joined(separator: "\n")
        // PINs (2), admin key (1), 4 tokens, 2 + 1 keys × 3 representations.
        #expect(outcome.sensitiveValues.count >= 3 + 4 + 9)
        for secret in outcome.sensitiveValues {
            #expect(!secret.isEmpty)
            #expect(!output.contains(secret), "the output shows a secret or key material")
        }
        #expect(!output.contains("eyJ"), "no JWT part (base64url of '{\"') in the output")
    }

    @Test("--app-attest: enrolls with an attested key, asserts per approval, refuses an old assertion and a swapped key; no secrets printed")
    func appAttestWalkThrough() async throws {
        let printed = Locked<[String]>([])
        let outcome = try await DeviceTrustDemo.runAppAttest { line in printed.withLock { $0.append(line) } }
        let lines = printed.withLock { $0 }
        #expect(lines == outcome.steps)
        let expected = [
            "--app-attest required --platforms ios",
            "Enrolled with App Attest: a new App Attest key attested over SHA-256 of the enrollment payload, the device key and the biometric key",
            "App Attest assertion over the challenge; the server raised the key's counter to 1.",
            "App Attest assertion over the challenge; the server raised the key's counter to 2.",
            "the previous assertion, as a script that copied the signing key would: refused with attestation_invalid",
            "a software device key swapped in after attesting: refused with attestation_invalid (HTTP 403)",
            "Stopped the server",
        ]
        #expect(lines.count == expected.count)
        for (index, (line, fragment)) in zip(lines, expected).enumerated() {
            #expect(line.hasPrefix("\(index + 1). ") && line.contains(fragment), "step \(index + 1): \(line)")
        }
        let output = lines.joined(separator: "\n")
        #expect(outcome.sensitiveValues.count >= 2 + 2 + 6)
        for secret in outcome.sensitiveValues {
            #expect(!output.contains(secret), "the output shows a secret or key material")
        }
        #expect(!output.contains("eyJ"), "no JWT part in the output")
    }
}
