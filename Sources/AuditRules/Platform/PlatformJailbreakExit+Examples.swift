import SwiftSyntax
import AuditKit

extension PlatformJailbreakExit {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    if JailbreakDetector.isJailbroken() {
                        ↓exit(0)
                    }
                    return true
                }
                """),
            .swift(
                """
                enum JailbreakGuard {
                    static let suspiciousPaths = ["/Applications/Cydia.app", "/bin/bash", "/usr/sbin/sshd", "/etc/apt"]

                    static func enforce() {
                        for path in suspiciousPaths where FileManager.default.fileExists(atPath: path) {
                            ↓fatalError("Unsupported device")
                        }
                        if UIApplication.shared.canOpenURL(URL(string: "cydia://package/com.example")!) {
                            ↓abort()
                        }
                        guard !UIDevice.current.isJailBroken else { ↓exit(-1) }
                    }
                }
                """),
            .swift(
                """
                func checkIntegrity() {
                    let compromised = SecurityChecks.jailbreakDetected()
                    if compromised {
                        ↓kill(getpid(), SIGKILL)
                    }
                    do {
                        try "test".write(toFile: "/private/jailbreak.txt", atomically: true, encoding: .utf8)
                        ↓exit(1)
                    } catch {}
                }
                """),
            .swift(
                """
                // Correct: the signal goes to the server; the app keeps running.
                func reportDeviceRisk() async {
                    let jailbroken = JailbreakDetector.isJailbroken()
                    await riskClient.report(signals: ["jailbreak": jailbroken])
                }
                func loadConfig() -> Config {
                    guard let url = Bundle.main.url(forResource: "Config", withExtension: "plist") else { fatalError("Config.plist missing") }
                    return Config(url: url)
                }
                """),
            .objectiveC(
                """
                - (void)checkJailbreak {
                    if ([[NSFileManager defaultManager] fileExistsAtPath:@"/Applications/Cydia.app"]) {
                        ↓exit(0);
                    }
                    if ([JailbreakDetection isJailbroken]) ↓abort();
                }
                """),
            .objectiveC(
                """
                - (void)checkJailbreak {
                    BOOL jailbroken = [JailbreakDetection isJailbroken];
                    [self.analytics reportRiskSignal:@"jailbreak" value:jailbroken];
                    if (!self.config) { exit(1); }
                }
                """),
        ]
    }
}
