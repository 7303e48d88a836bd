import SwiftSyntax
import AuditKit

/// An app that locks its content behind LocalAuthentication (it makes an `LAContext` in a
/// file that evaluates a policy or hands the context to a Keychain read), and
/// whose code never reacts to leaving the foreground: no
/// `sceneWillResignActive` / `applicationWillResignActive` / `…DidEnterBackground`, no
/// will-resign-active, will-deactivate or did-enter-background notification, no SwiftUI
/// `scenePhase`. Without one of them nothing can cover the window before iOS takes the
/// app-switcher snapshot.
///
/// A project-wide fact (``ProjectFacts/reactsToLeavingForeground``): reported once per project, at
/// the first `LAContext`. Any mention of those hooks silences it, whatever the handler
/// does, so that the rule only speaks where a cover cannot exist. An app that unlocks with
/// Face ID or Touch ID says its screens are worth locking; a password field alone does not
/// (its text is masked in the snapshot), nor does Keychain use (nearly every app keeps a
/// token there without ever showing one).
struct PlatformPrivacyCoverMissing: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-privacy-cover-missing",
        title: "App handling secrets never covers its window when it leaves the foreground",
        severity: .low,
        category: .platform,
        masvs: "MASVS-PLATFORM-3",
        cwe: 524,
        rationale:
            "When an app leaves the foreground iOS takes a snapshot of its window for the app switcher and keeps it on disk; whatever the screen showed (a balance, a card number, a revealed password, a one-time code) is shown in the switcher and stored in the snapshot cache. iOS has no flag against it: the app must cover sensitive content itself, and this app's code never reacts to resigning active or entering the background at all.",
        fix:
            "Put a cover view (a blur or the app's logo) over the window in sceneWillResignActive (applicationWillResignActive without scenes, or when scenePhase becomes .inactive in SwiftUI) and remove it in sceneDidBecomeActive. Covering on resign-active also hides the screen under Control Center and call banners. Hide card numbers and balances while sceneCaptureState (UIScreen.isCaptured before iOS 17) says the screen is recorded or mirrored."
    )

    let skipsTestCode = true

    let triggers = ["LAContext"]

    private static let fact = "no-privacy-cover"

    // MARK: Swift

    /// What shows the context unlocks something: a prompt, or a Keychain read it authorizes.
    /// A context made only to ask `biometryType` (a settings label) locks nothing.
    private static let unlockingNames = ["evaluatePolicy", "evaluateAccessControl", "kSecUseAuthenticationContext"]

    func checkSwift(_ file: SwiftFile, project: ProjectFacts) -> [Match] {
        guard !project.reactsToLeavingForeground, Self.unlockingNames.contains(where: file.codeText.contains) else { return [] }
        return file.index.calls.filter { $0.calleeText == "LAContext" }.map { Match(file.range(of: $0), message, projectFact: Self.fact) }
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        guard !project.reactsToLeavingForeground, tokens.contains(where: { $0.kind == .identifier && Self.unlockingNames.contains($0.text) }) else { return [] }
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == "LAContext" && index > 0 && tokens[index - 1].text == "[" {
            matches.append(Match(file.range(of: token), message, projectFact: Self.fact))
        }
        return matches
    }

    private let message =
        "the app locks its content behind LocalAuthentication here, but no code reacts to resigning active or entering the background, so nothing covers the window before the app-switcher snapshot shows it"
}
