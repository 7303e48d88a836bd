import AppleSurfaceRuntime
import Foundation

/// A service that you use to validate the instance of your app running on a device.
/// https://developer.apple.com/documentation/devicecheck/dcappattestservice
///
/// The service of the device bound in ``SurfaceHost`` at each call; without one it is not
/// supported and every call fails with `featureUnsupported`.
@available(iOS 14.0, macOS 11.0, tvOS 15.0, watchOS 9.0, *)
open class DCAppAttestService: NSObject, @unchecked Sendable {
    /// The shared App Attest service.
    /// https://developer.apple.com/documentation/devicecheck/dcappattestservice/shared
    open class var shared: DCAppAttestService { DCAppAttestService() }

    /// A Boolean value that indicates whether a particular device provides the App Attest service.
    /// https://developer.apple.com/documentation/devicecheck/dcappattestservice/issupported
    open var isSupported: Bool { SurfaceHost.current?.appAttest.isSupported ?? false }

    /// Creates a new cryptographic key for use with the App Attest service.
    /// https://developer.apple.com/documentation/devicecheck/dcappattestservice/generatekey(completionhandler:)
    open func generateKey() async throws -> String {
        try await Self.run { await $0.generateKey() }
    }

    /// Asks Apple to attest to the validity of a generated cryptographic key.
    /// https://developer.apple.com/documentation/devicecheck/dcappattestservice/attestkey(_:clientdatahash:completionhandler:)
    open func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data {
        try await Self.run { await $0.attestKey(keyId, clientDataHash: clientDataHash) }
    }

    /// Creates a block of data that demonstrates the legitimacy of an instance of your app
    /// running on a device.
    /// https://developer.apple.com/documentation/devicecheck/dcappattestservice/generateassertion(_:clientdatahash:completionhandler:)
    open func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data {
        try await Self.run { await $0.generateAssertion(keyId, clientDataHash: clientDataHash) }
    }

    private static func run<T>(_ body: (any SurfaceAppAttest) async -> Result<T, SurfaceDeviceCheckFailure>) async throws -> T {
        guard let service = SurfaceHost.current?.appAttest else { throw DCError(.featureUnsupported) }
        switch await body(service) {
        case .success(let value): return value
        case .failure(let failure): throw DCError(DCError.Code(rawValue: failure.code) ?? .unknownSystemFailure)
        }
    }
}
