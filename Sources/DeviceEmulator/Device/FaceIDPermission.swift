/// Whether an app may use Face ID: iOS asks once per installation, at the app's first Face
/// ID evaluation, with the app's `NSFaceIDUsageDescription`; the user can change the answer
/// later in Settings.
public enum FaceIDPermission: Sendable, Hashable {
    /// Not asked yet: the next Face ID evaluation shows the permission prompt first.
    case notDetermined
    /// Allowed.
    case granted
    /// Denied: `canEvaluatePolicy` and biometric evaluations report `biometryNotAvailable`
    /// (the device-owner policy falls back to the passcode).
    case denied
}

/// One installation's Face ID permission, its prompts, and the scripted answer to the next.
struct FaceIDPermissionState: Sendable {
    var permission = FaceIDPermission.notDetermined
    var promptsShown = 0
    /// How the user answers the permission prompt when it shows; allows by default.
    var scriptedAnswer: Bool?
}
