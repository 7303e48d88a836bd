import Foundation

extension CommandContext {
    /// The process's own standard output and error, written unbuffered, and its environment:
    /// what an executable's `main.swift` runs its ``CommandLineProgram`` with.
    public static var process: CommandContext {
        CommandContext(
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) },
            environment: ProcessInfo.processInfo.environment)
    }
}
