import Foundation
import UIKit

/// Jailbreak "protection": file checks that hiding tweaks defeat, and an exit that
/// shows the attacker where to patch.
enum JailbreakGuard {
    static let jailbreakPaths = [
        "/Applications/Cydia.app",
        "/Library/MobileSubstrate/MobileSubstrate.dylib",
        "/bin/bash",
        "/usr/sbin/sshd",
        "/etc/apt",
    ]

    static func isJailbroken() -> Bool {
        if jailbreakPaths.contains(where: { FileManager.default.fileExists(atPath: $0) }) { return true }
        if let url = URL(string: "cydia://package/com.example.package"), UIApplication.shared.canOpenURL(url) { return true }
        do {
            try "probe".write(toFile: "/private/jailbreak.txt", atomically: true, encoding: .utf8)
            return true
        } catch {
            return false
        }
    }

    static func enforce() {
        if isJailbroken() {
            exit(0)
        }
    }

    static func enforceBeforeTransfer() {
        guard !JailbreakGuard.isJailbroken() else {
            fatalError("Security violation")
        }
    }
}
