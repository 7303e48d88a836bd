import KeychainSwift

/// Survives reinstalls: which onboarding the user has seen, and the passcode they chose.
struct OnboardingKeychain {
    private let keychain = KeychainSwift()

    func markSeen(version: String) {
        keychain.set("onboarding-v3-complete", forKey: "onboardingState")
        keychain.set(version, forKey: "lastOnboardingVersion")
    }

    func save(passcode: String) {
        keychain.set(passcode, forKey: "App Passcode", withAccess: .accessibleWhenUnlockedThisDeviceOnly)
    }
}
