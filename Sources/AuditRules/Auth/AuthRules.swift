import AuditKit

/// The auth rules, in the order `--list-rules` prints them.
enum AuthRules {
    static let all: [any AuditRule] = [
        AuthBiometricBoolGate(),
        AuthUsageDescriptionMissing(),
        AuthBiometryAnyForHighValue(),
    ]
}
