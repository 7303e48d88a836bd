import DeviceBinding
import TrustStore

// The wire (`DeviceBinding.KeyKind`) and storage (`TrustStore.KeyKind`) enums have the same
// cases and raw values; these map between them.

extension TrustStore.KeyKind {
    /// The storage kind of a wire kind.
    init(_ wire: DeviceBinding.KeyKind) {
        switch wire {
        case .device: self = .device
        case .biometric: self = .biometric
        }
    }
}

extension DeviceBinding.KeyKind {
    /// The wire kind of a storage kind.
    init(_ stored: TrustStore.KeyKind) {
        switch stored {
        case .device: self = .device
        case .biometric: self = .biometric
        }
    }
}
