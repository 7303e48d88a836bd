import Foundation
import Testing

/// `swift run devicetrust demo`: every step as the README lists it, and a clean end.
enum DemoRun {
    static func run(_ context: ReadmeRunContext) throws {
        for command in context.commandsToRun(inBlock: 0) {
            let output = try context.expectRun(command).output
            for step in ["Approved", "Replayed", "swapped the action", "new fingerprint", "Unlocked with the PIN", "Rebound", "device_revoked"] {
                #expect(output.contains(step), "\(command): the demo shows '\(step)'")
            }
            #expect(output.hasSuffix("Demo complete: every step behaved as expected.\n"))
        }
        for command in context.commandsToRun(inBlock: 1) {
            let output = try context.expectRun(command).output
            for step in ["Enrolled with App Attest", "counter to 2", "the previous assertion", "swapped in after attesting", "attestation_invalid"] {
                #expect(output.contains(step), "\(command): the demo shows '\(step)'")
            }
            #expect(output.hasSuffix("Demo complete: every step behaved as expected.\n"))
        }
    }
}
