import DeviceBinding
import DeviceBindingClient
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import TrustServer

extension DeviceTrustDemo {
    /// `devicetrust demo --app-attest`: the emulated iPhone enrolls with App Attest against
    /// an embedded server started with `--app-attest required --platforms ios` and the
    /// emulator's test root; each approval carries an assertion; an old assertion replayed
    /// on a new challenge and an enrollment whose device key was swapped after attestation
    /// are refused.
    /// - Throws: ``DemoStepFailure`` naming the step that did not go as expected.
    public static func runAppAttest(output: @escaping @Sendable (String) -> Void) async throws -> DemoOutcome {
        let narrator = Narrator(output: output)
        let authority = try AppAttestAuthority()
        let phone = try DemoPhone()
        let appID = phone.app.identity.applicationIdentifier
        let server = try await narrator.step("start the server") {
            var options = AttestationOptions()
            options.appIDs = [appID]
            options.appAttestMode = .required
            options.appAttestEnvironment = .development
            options.platforms = [.ios]
            let server = try EmbeddedServer(attestation: options, appAttestRoots: [Data(authority.rootCertificate.der)])
            return (
                server,
                "Started an embedded server on 127.0.0.1:\(server.port) with --app-attest required --platforms ios --app-id \(appID), trusting the emulator's App Attest test root in place of Apple's."
            )
        }
        var outcome = DemoOutcome()
        outcome.sensitiveValues = [pin.revealedDigits, server.adminKey] + phone.keyMaterial
        return try await walk(server, narrator, outcome) { proxy, outcome in
            try await walkThroughAppAttest(server: server, proxy: proxy, phone: phone, authority: authority, narrator: narrator, outcome: &outcome)
        }
    }

    private static func walkThroughAppAttest(
        server: EmbeddedServer, proxy: DemoProxy, phone: DemoPhone, authority: AppAttestAuthority, narrator: Narrator, outcome: inout DemoOutcome
    ) async throws {
        let appAttest = EmulatedAppAttestService(appID: phone.app.identity.applicationIdentifier, environment: .development, authority: authority)
        let client = DeviceTrustClient(baseURL: server.baseURL, session: proxy.session, appAttest: appAttest, appAttestKeychain: phone.app.keychain)
        var tokens: [String] = []
        defer { outcome.sensitiveValues += tokens }

        let enrolled = try await narrator.step("enroll with App Attest") {
            let enrolled = try await phone.enroll(with: client, on: server, account: accountId, deviceName: "Demo iPhone")
            let record = try server.prepared.store.keyAttestation(deviceId: enrolled.deviceId, kind: .device)
            try expect(record?.format == "apple-appattest" && record?.signCount == 0, "an App Attest key stored with counter 0")
            return (
                enrolled,
                "Enrolled with App Attest: a new App Attest key attested over SHA-256 of the enrollment payload, the device key and the biometric key; the server verified it under \(record?.appAttestAppId ?? "?") and stored the key with counter 0 (device \(enrolled.deviceId))."
            )
        }
        let deviceId = enrolled.deviceId

        for expected: UInt32 in [1, 2] {
            try await narrator.step("approve with an assertion \(expected)") {
                let token = try await client.approve(action: action, deviceId: deviceId)
                tokens.append(token.accessToken)
                let counter = try server.prepared.store.keyAttestation(deviceId: deviceId, kind: .device)?.signCount
                try expect(counter == expected, "the stored counter to be \(expected)")
                return (
                    (),
                    "Approved \(summary(of: action)) with Face ID and an App Attest assertion over the challenge; the server raised the key's counter to \(expected)."
                )
            }
        }

        try await narrator.step("replay an old assertion") {
            guard let recorded = proxy.lastChallengeResponse?.httpBody,
                let oldAssertion = try WireCoding.decode(ChallengeResponse.self, from: recorded).appAttestAssertion
            else { throw DemoExpectation("the last response and its assertion were recorded") }
            // What a script holding the device's signing key but not its App Attest key sends.
            let (createdStatus, createdBody) = try await server.post(
                "v1/challenges", ChallengeRequest(deviceId: deviceId, key: .biometric, purpose: .action, action: action))
            guard createdStatus == 201 else { throw DemoServerAnswer(status: createdStatus, body: createdBody) }
            let created = try WireCoding.decode(ChallengeCreated.self, from: createdBody)
            let signature = try await phone.biometricKey.signature(for: Base64URL.decode(created.signingPayload))
            let (status, body) = try await server.post(
                "v1/challenges/\(created.challengeId)/response",
                ChallengeResponse(signature: SignatureEncoding.encode(signature), appAttestAssertion: oldAssertion))
            let problem = try? WireCoding.decode(Problem.self, from: body)
            try expect(status == 403 && problem?.code == .attestationInvalid, "attestation_invalid (403), got HTTP \(status)")
            return (
                (),
                "Answered a new challenge with a correct signature but the previous assertion, as a script that copied the signing key would: refused with attestation_invalid (that assertion signs another challenge, with a used counter)."
            )
        }

        try await narrator.step("swap the device key after attestation") {
            let created = try await server.createEnrollment(accountId: accountId)
            let payload = try Base64URL.decode(created.signingPayload)
            let keyId = appAttest.generateKey()
            let attestation = try appAttest.attestKey(
                keyId,
                clientDataHash: AppAttestEnrollmentBinding.clientDataHash(
                    signingPayload: payload, deviceKey: phone.deviceKey.publicKey, biometricKey: phone.biometricKey.publicKey))
            let softwareKey = P256.Signing.PrivateKey()
            let completion = EnrollmentCompletion(
                platform: .ios, deviceName: "Demo iPhone",
                deviceKey: KeyRegistration(key: softwareKey.publicKey, proof: try softwareKey.signature(for: payload)),
                biometricKey: KeyRegistration(key: phone.biometricKey.publicKey, proof: try await phone.biometricKey.signature(for: payload)), pin: pin,
                appAttest: AppAttestRegistration(keyId: keyId, attestation: Base64URL.encode(attestation)))
            let (status, body) = try await server.post("v1/enrollments/\(created.enrollmentId)/complete", completion)
            let problem = try? WireCoding.decode(Problem.self, from: body)
            try expect(status == 403 && problem?.code == .attestationInvalid, "attestation_invalid (403), got HTTP \(status)")
            return (
                (),
                "Sent a genuine attestation with a software device key swapped in after attesting: refused with attestation_invalid (HTTP 403), since the attestation covers the keys it saw."
            )
        }
        outcome.deviceId = deviceId
    }
}
