import CodedErrors
import DeviceBindingClient

/// The emulated service is what a `DeviceTrustClient` gets as App Attest in tests and on
/// Linux: its calls are the same (synchronous here), its errors classified as DeviceCheck's.
extension EmulatedAppAttestService: AppAttestProvider {}

extension CodedError: AppAttestProviderFailure where Domain == EmulatedAttestationFailures {
    /// The `DCError` code a real device would give.
    public var appAttestFailure: AppAttestFailureKind {
        switch code {
        case .invalidKey, .alreadyAttested, .notAttested: .invalidKey
        case .invalidInput: .invalidInput
        case .featureUnsupported: .featureUnsupported
        case .serverUnavailable: .serverUnavailable
        default: .unknownSystemFailure
        }
    }
}
