/// A prompt the emulated device showed, recorded in
/// ``EmulatedDevice/authenticationPrompts`` so tests can check that a read prompted, or
/// did not.
public struct AuthenticationPrompt: Sendable, Hashable {
    /// What the prompt asked for.
    public enum Kind: Sendable, Hashable {
        /// Face ID or Touch ID (with the passcode as fallback when the access control allows it).
        case biometry
        /// The device passcode.
        case passcode
        /// Biometry and then the passcode (`.and` of both kinds of constraint).
        case biometryAndPasscode
    }

    /// What the prompt asked for.
    public let kind: Kind
    /// The caller's `kSecUseOperationPrompt` (`u_OpPrompt`) text, if any.
    public let operationPrompt: String?

    /// A record of a prompt.
    public init(kind: Kind, operationPrompt: String?) {
        self.kind = kind
        self.operationPrompt = operationPrompt
    }
}
