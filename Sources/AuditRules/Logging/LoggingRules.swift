import AuditKit

/// The logging rules, in the order `--list-rules` prints them.
enum LoggingRules {
    static let all: [any AuditRule] = [
        LogSensitiveData()
    ]
}
