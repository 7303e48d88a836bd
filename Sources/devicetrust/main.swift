// `devicetrust`: `CommandLineDispatch` chooses the subcommand; parsing and wiring live in
// TrustServer (`serve`) and DeviceTrustDemo (`demo`). This file only hands over the
// arguments and exits with the status returned.
import Foundation

exit(CommandLineDispatch.run(CommandLine.arguments))
