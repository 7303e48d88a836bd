import AuditKit

/// The platform rules, in the order `--list-rules` prints them.
enum PlatformRules {
    static let all: [any AuditRule] = [
        PlatformJailbreakExit(),
        PlatformPasteboardUnrestricted(),
        PlatformSecureEntryMissing(),
        PlatformKeyboardExtensionsAllowed(),
        PlatformPrivacyCoverMissing(),
        PlatformATTPromptAtLaunch(),
        PlatformGetTaskAllow(),
        PlatformAppAttestDevelopment(),
        PlatformBinaryHardening(),
    ]
}
