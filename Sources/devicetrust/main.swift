// `devicetrust`: `DeviceTrustProgram` is the command tree; parsing and behaviour live in
// each command's module. This file only hands over the arguments and the process's
// output (unbuffered) and exits with the status returned.
import CommandKit
import Foundation

exit(DeviceTrustProgram.program.run(Array(CommandLine.arguments.dropFirst()), context: .process))
