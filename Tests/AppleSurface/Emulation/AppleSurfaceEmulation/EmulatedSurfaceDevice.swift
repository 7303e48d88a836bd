import AppleSurfaceRuntime
import BiometricGate
import DeviceBindingClient
import DeviceEmulator
import DeviceTrustCrypto
import EmulatedAttestation
import Foundation
import SecureStorage

/// One ``EmulatedApp`` behind the Apple surface: `SecItem…` is its keychain, `LAContext` its
/// emulated context, `SecureEnclave.P256` its device's enclave, `DCAppAttestService` the given
/// emulated App Attest service, and `SecTrustEvaluateWithError` the given verdict.
///
/// ```swift
/// let surface = EmulatedSurfaceDevice(app: app)
/// try SurfaceHost.withDevice(surface) { try Keychain(service: "s").save(token, for: "a") }
/// ```
public struct EmulatedSurfaceDevice: SurfaceDevice, SurfaceDeviceExtras {
    /// The app whose calls these are.
    public let app: EmulatedApp
    private let appAttestService: EmulatedAppAttestService?
    private let serverTrust: @Sendable ([Data], String?) -> Bool
    private let generalPasteboard: EmulatedPasteboard?
    /// Where `os.Logger` lines go.
    public let logSink: (any SurfaceLogSink)?

    /// The surface of `app`; App Attest is `appAttest` (unsupported when `nil`); the platform's
    /// trust evaluation answers `serverTrust(chain, hostname)` (it fails by default);
    /// `UIPasteboard.general` is `pasteboard` and `os.Logger` writes to `log` (both nowhere
    /// when `nil`).
    public init(
        app: EmulatedApp, appAttest: EmulatedAppAttestService? = nil,
        serverTrust: @escaping @Sendable (_ chain: [Data], _ hostname: String?) -> Bool = { _, _ in false },
        pasteboard: EmulatedPasteboard? = nil, log: (any SurfaceLogSink)? = nil
    ) {
        self.app = app
        appAttestService = appAttest
        self.serverTrust = serverTrust
        generalPasteboard = pasteboard
        logSink = log
    }

    /// `UIPasteboard.general`: the emulated pasteboard.
    public var pasteboard: (any SurfacePasteboard)? { generalPasteboard.map(EmulatedSurfacePasteboard.init) }

    // MARK: Keychain

    public func keychainAdd(_ attributes: [String: Any]) -> Int32 { app.keychain.add(emulated(attributes)) }

    public func keychainCopyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        let (status, result) = app.keychain.copyMatching(emulated(query))
        return (status, result.map(surfaced))
    }

    public func keychainUpdate(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 {
        app.keychain.update(emulated(query), emulated(attributesToUpdate))
    }

    public func keychainDelete(_ query: [String: Any]) -> Int32 { app.keychain.delete(emulated(query)) }

    /// The surface's plain values as the emulator's: ``KeychainAccessControl`` and the
    /// context's ``AuthenticationContext``. An access control with an unknown class is left
    /// as it is, and the emulator refuses it (-50).
    private func emulated(_ dictionary: [String: Any]) -> [String: Any] {
        dictionary.mapValues { value in
            switch value {
            case let control as SurfaceAccessControl:
                guard let accessibility = Accessibility(rawValue: control.protection) else { return value }
                return KeychainAccessControl(accessibility: accessibility, flags: AccessControl(rawValue: control.flags))
            case let session as SurfaceSession:
                return state(of: session).authentication
            default:
                return value
            }
        }
    }

    /// The emulator's results with its access controls as the surface's plain values.
    private func surfaced(_ value: Any) -> Any {
        switch value {
        case let control as KeychainAccessControl:
            return SurfaceAccessControl(protection: control.accessibility.rawValue, flags: control.flags.rawValue)
        case let dictionary as [String: Any]: return dictionary.mapValues(surfaced)
        case let array as [Any]: return array.map(surfaced)
        default: return value
        }
    }

    // MARK: LocalAuthentication

    public func localAuthentication(for session: SurfaceSession) -> any SurfaceLocalAuthentication {
        EmulatedSurfaceLocalAuthentication(context: state(of: session).context)
    }

    /// What the emulator keeps for one `LAContext`: the keychain's view of it and the
    /// emulated context, made on first use.
    private func state(of session: SurfaceSession) -> SessionState {
        session.attachment { SessionState(authentication: AuthenticationContext(), context: app.makeLAContext()) }
    }

    // MARK: DeviceCheck, CryptoKit, trust

    public var appAttest: any SurfaceAppAttest { EmulatedSurfaceAppAttest(service: appAttestService) }

    public var secureEnclave: any SurfaceSecureEnclave {
        EmulatedSurfaceSecureEnclave(enclave: app.secureEnclave, authentication: { state(of: $0).authentication })
    }

    public func evaluateServerTrust(chain: [Data], hostname: String?) -> Bool { serverTrust(chain, hostname) }
}

/// The emulator's state for one `LAContext`.
struct SessionState: Sendable {
    let authentication: AuthenticationContext
    let context: EmulatedLAContext
}
