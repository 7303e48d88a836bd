#if canImport(DeviceCheck)
import DeviceCheck
import Foundation

/// `DCAppAttestService.shared` as an ``AppAttestProvider``, its `DCError`s classified.
@available(iOS 14.0, macOS 11.0, tvOS 15.0, watchOS 9.0, *)
public struct SystemAppAttestProvider: AppAttestProvider {
    /// The shared App Attest service.
    public init() {}

    public var isSupported: Bool { DCAppAttestService.shared.isSupported }

    public func generateKey() async throws -> String {
        do { return try await DCAppAttestService.shared.generateKey() } catch { throw Self.classified(error) }
    }

    public func attestKey(_ keyId: String, clientDataHash: Data) async throws -> Data {
        do { return try await DCAppAttestService.shared.attestKey(keyId, clientDataHash: clientDataHash) } catch { throw Self.classified(error) }
    }

    public func generateAssertion(_ keyId: String, clientDataHash: Data) async throws -> Data {
        do { return try await DCAppAttestService.shared.generateAssertion(keyId, clientDataHash: clientDataHash) } catch {
            throw Self.classified(error)
        }
    }

    private static func classified(_ error: any Error) -> any Error {
        guard let error = error as? DCError else { return error }
        return SystemAppAttestFailure(error)
    }
}

/// A `DCError` with its ``AppAttestFailureKind``.
public struct SystemAppAttestFailure: AppAttestProviderFailure, CustomStringConvertible {
    /// The error DeviceCheck threw.
    public let underlying: DCError

    init(_ underlying: DCError) { self.underlying = underlying }

    public var appAttestFailure: AppAttestFailureKind {
        switch underlying.code {
        case .featureUnsupported: .featureUnsupported
        case .invalidInput: .invalidInput
        case .invalidKey: .invalidKey
        case .serverUnavailable: .serverUnavailable
        default: .unknownSystemFailure
        }
    }

    public var description: String { "DCError \(underlying.code.rawValue) (\(appAttestFailure.rawValue))" }
}
#endif
