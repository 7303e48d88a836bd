import AuditKit

extension PlatformBinaryHardening {
    /// None in source form: the rule reads only Mach-O binaries, which no source example
    /// can be. `BuiltAppAuditTests` builds executables with and without each protection.
    var examples: [RuleExample] { [] }
}
