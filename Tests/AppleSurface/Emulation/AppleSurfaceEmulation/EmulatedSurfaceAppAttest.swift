import AppleSurfaceRuntime
import DeviceBindingClient
import EmulatedAttestation
import Foundation

/// An ``EmulatedAppAttestService`` as `DCAppAttestService`: its failures as `DCError.Code`
/// raw values. Without a service, App Attest is unsupported.
struct EmulatedSurfaceAppAttest: SurfaceAppAttest {
    let service: EmulatedAppAttestService?

    var isSupported: Bool { service?.isSupported ?? false }

    func generateKey() async -> Result<String, SurfaceDeviceCheckFailure> {
        await run { try await $0.generateKey() }
    }

    func attestKey(_ keyId: String, clientDataHash: Data) async -> Result<Data, SurfaceDeviceCheckFailure> {
        await run { try await $0.attestKey(keyId, clientDataHash: clientDataHash) }
    }

    func generateAssertion(_ keyId: String, clientDataHash: Data) async -> Result<Data, SurfaceDeviceCheckFailure> {
        await run { try await $0.generateAssertion(keyId, clientDataHash: clientDataHash) }
    }

    /// Runs `body` on the service through its ``AppAttestProvider`` conformance.
    private func run<T>(_ body: (any AppAttestProvider) async throws -> T) async -> Result<T, SurfaceDeviceCheckFailure> {
        guard let service else { return .failure(SurfaceDeviceCheckFailure(code: 1)) }
        do {
            return .success(try await body(service))
        } catch {
            return .failure(SurfaceDeviceCheckFailure(code: Self.code((error as? any AppAttestProviderFailure)?.appAttestFailure)))
        }
    }

    /// `DCError.Code` raw values.
    private static func code(_ kind: AppAttestFailureKind?) -> Int {
        switch kind {
        case .featureUnsupported: 1
        case .invalidInput: 2
        case .invalidKey: 3
        case .serverUnavailable: 4
        case .unknownSystemFailure, nil: 0
        }
    }
}
