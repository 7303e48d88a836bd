import Dispatch
import Foundation
import SecureStorage

extension DeviceTrustDemo {
    /// The usage line of `devicetrust demo`.
    public static let usage = "usage: devicetrust demo"

    /// `devicetrust demo` with the `arguments` after `demo`: runs the demo, printing each
    /// step at once, and returns the exit status: 0 when every step went as expected, 1
    /// when one did not, 2 for a usage error.
    public static func runCommand(_ arguments: [String]) -> Int32 {
        if arguments == ["--help"] || arguments == ["-h"] {
            write("\(usage)\n\nRuns an embedded server and an emulated iPhone through enrollment, approval, replay,\ntampering, biometric change with PIN fallback and rebind, and PIN lockout.\n", to: .standardOutput)
            return 0
        }
        guard arguments.isEmpty else {
            write("devicetrust demo: unexpected argument '\(arguments[0])'\n\(usage)\n", to: .standardError)
            return 2
        }
        let status = Locked<Int32>(1)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                _ = try await run { line in write(line + "\n", to: .standardOutput) }
                write("Demo complete: every step behaved as expected.\n", to: .standardOutput)
                status.withLock { $0 = 0 }
            } catch {
                write("devicetrust demo: \(error)\n", to: .standardError)
            }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
