import BiometricGate
import SecureStorage

/// The lock screen's gate: it checks before prompting and notices a new face or finger. On
/// an iPhone pass `{ SystemBiometricContext() }`; in tests, an emulated app's `makeLAContext`.
func lockScreenGate(keychain: Keychain, makeContext: @escaping @Sendable () -> any BiometricContext) -> BiometricGate {
    BiometricGate(enrollmentStore: KeychainEnrollmentStateStore(keychain: keychain), makeContext: makeContext)
}

/// What the lock screen shows after the prompt. A success only opens the screen: the secrets
/// behind it stay in access-controlled Keychain items and Secure Enclave keys.
func lockScreenMessage(after gate: BiometricGate) async -> String {
    switch await gate.authenticate(reason: "Unlock your accounts") {
    case .success: return "Unlocked"
    case .enrollmentChanged: return "Face ID changed: sign in with your password."
    case .userCancel, .systemCancel, .appCancel: return "Locked"
    case .unavailable(.notEnrolled): return "Set up Face ID in Settings, or enter your PIN."
    case .userFallback, .unavailable: return "Enter your PIN."
    case .failed, .notInteractive: return "Try again."
    }
}
