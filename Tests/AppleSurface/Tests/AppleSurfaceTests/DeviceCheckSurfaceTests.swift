import AppleSurfaceEmulation
import AppleSurfaceRuntime
import DeviceBindingClient
import DeviceCheck
import EmulatedAttestation
import Foundation
import Testing

/// `SystemAppAttestProvider` (DeviceBindingClient's own Apple file) over `DCAppAttestService`
/// as declared here, on the emulated App Attest service.
@Suite("DeviceCheck on the declared surface")
struct DeviceCheckSurfaceTests {
    func phone() throws -> (SurfaceTestPhone, EmulatedAppAttestService) {
        let service = EmulatedAppAttestService(appID: "TEAM123456.com.example.bank", environment: .development, authority: try AppAttestAuthority())
        return (SurfaceTestPhone(appAttest: service), service)
    }

    @Test("generateKey, attestKey and generateAssertion reach the emulated service and return its bytes")
    func attestAndAssert() async throws {
        let (phone, service) = try phone()
        let hash = Data(repeating: 7, count: 32)
        try await SurfaceHost.withDevice(phone.surface) {
            let provider = SystemAppAttestProvider()
            #expect(provider.isSupported)
            let keyId = try await provider.generateKey()
            #expect(try await !provider.attestKey(keyId, clientDataHash: hash).isEmpty)
            #expect(try await !provider.generateAssertion(keyId, clientDataHash: hash).isEmpty)
        }
        #expect(service.attestationRequests.map(\.clientDataHash) == [hash])
    }

    @Test("A rate-limited attestation is a DCError classified serverUnavailable; an unknown key invalidKey")
    func classifiedFailures() async throws {
        let (phone, service) = try phone()
        service.failNextAttestations(1)
        try await SurfaceHost.withDevice(phone.surface) {
            let provider = SystemAppAttestProvider()
            let keyId = try await provider.generateKey()
            do {
                _ = try await provider.attestKey(keyId, clientDataHash: Data(count: 32))
                Issue.record("the attestation was not refused")
            } catch let failure as SystemAppAttestFailure {
                #expect(failure.appAttestFailure == .serverUnavailable)
                #expect(failure.underlying.code == .serverUnavailable)
            }
            do {
                _ = try await provider.generateAssertion("no-such-key", clientDataHash: Data(count: 32))
                Issue.record("an unknown key produced an assertion")
            } catch let failure as SystemAppAttestFailure {
                #expect(failure.appAttestFailure == .invalidKey)
            }
        }
    }

    @Test("Without an App Attest service the provider is unsupported and fails featureUnsupported")
    func unsupported() async {
        let phone = SurfaceTestPhone()
        await SurfaceHost.withDevice(phone.surface) {
            let provider = SystemAppAttestProvider()
            #expect(!provider.isSupported)
            await #expect(throws: SystemAppAttestFailure.self) { try await provider.generateKey() }
        }
    }
}
