// `devicetrust`: parsing and wiring live in TrustServer (`DeviceTrustCommandLine`); this
// file only hands over the arguments and exits with the status it returns.
import Foundation
import TrustServer

exit(DeviceTrustCommandLine.run(CommandLine.arguments))
