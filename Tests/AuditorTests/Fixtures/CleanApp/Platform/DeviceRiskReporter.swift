import Foundation

/// Sends integrity signals to the server next to an App Attest assertion; the server
/// decides whether to ask for step-up verification. The app never exits on its own.
struct DeviceRiskReporter {
    let client: RiskClient

    func report() async throws {
        let signals = RiskSignals(
            jailbroken: JailbreakSignals.suspiciousFilesPresent(),
            debuggerAttached: DebuggerSignals.isAttached()
        )
        try await client.submit(signals)
    }

    func loadBundledPolicy() -> Data {
        guard let url = Bundle.main.url(forResource: "RiskPolicy", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            fatalError("RiskPolicy.json is missing from the bundle")
        }
        return data
    }
}
