/// The exit statuses of every `devicetrust` command, stated once.
///
/// | status | meaning |
/// |---|---|
/// | 0 | success: the command did what was asked and reported nothing at or above its threshold |
/// | 1 | the command ran and reports a failure: findings at or above `--fail-on` (`audit`), problems (`pin check`), a chain that does not verify (`pin fetch`), a step that went wrong (`demo`), a server that cannot start (`serve`) |
/// | 2 | usage error or unreadable input: nothing was done |
public enum ExitStatus {
    /// The command succeeded.
    public static let success: Int32 = 0
    /// The command ran and reports a failure or findings.
    public static let failure: Int32 = 1
    /// The command line is wrong or an input cannot be read.
    public static let usage: Int32 = 2
}
