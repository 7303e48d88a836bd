// Entry point only: the command lives in BenchmarkCommand.swift.
import Foundation

exit(BenchmarkCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
