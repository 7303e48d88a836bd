import BiometricGate

/// The app's `LAContext`s, its Face ID permission, and whether it is in the foreground.
extension EmulatedApp {
    /// A new `LAContext` of this app (`LAContext()` in the app's code).
    public func makeLAContext() -> EmulatedLAContext {
        EmulatedLAContext(app: self)
    }

    /// The app's Face ID permission (``FaceIDPermission/notDetermined`` until its first Face
    /// ID evaluation asks; again after a reinstall).
    public var faceIDPermission: FaceIDPermission {
        device.withState { $0.faceIDPermissions[applicationIdentifier]?.permission ?? .notDetermined }
    }

    /// How many times iOS showed this installation the Face ID permission prompt (at most once).
    public var faceIDPermissionPromptsShown: Int {
        device.withState { $0.faceIDPermissions[applicationIdentifier]?.promptsShown ?? 0 }
    }

    /// Scripts the user's answer to the Face ID permission prompt, should it show (it allows
    /// by default). No effect once the permission is determined.
    public func answerFaceIDPermissionPrompt(allow: Bool) {
        let key = applicationIdentifier
        device.withState { $0.faceIDPermissions[key, default: FaceIDPermissionState()].scriptedAnswer = allow }
    }

    /// The user switches Face ID for this app on or off in Settings.
    public func setFaceIDPermissionInSettings(allowed: Bool) {
        let key = applicationIdentifier
        device.withState { $0.faceIDPermissions[key, default: FaceIDPermissionState()].permission = allowed ? .granted : .denied }
    }

    /// Whether the app is in the foreground (it is after install).
    public var isInForeground: Bool {
        device.withState { !$0.backgroundApps.contains(applicationIdentifier) }
    }

    /// The app goes to the background (home gesture, another app): an evaluation started
    /// now ends with `systemCancel`.
    public func moveToBackground() {
        let key = applicationIdentifier
        device.withState { _ = $0.backgroundApps.insert(key) }
    }

    /// The app comes back to the foreground.
    public func moveToForeground() {
        let key = applicationIdentifier
        device.withState { _ = $0.backgroundApps.remove(key) }
    }
}
