// Entry point only: `BenchmarkProgram` is the command tree, each command in its own file.
import CommandKit
import Foundation

exit(BenchmarkProgram.program.run(Array(CommandLine.arguments.dropFirst()), context: .process))
