import DeviceEmulator
import SecureStorage

/// The backend every keychain of ``KeychainScenarioTests`` uses: here the emulated app's own
/// keychain. Tests/AppleSurface runs the same scenarios with `SystemKeychainBackend` on the
/// declared Apple surface instead (its own ScenarioBackend.swift).
func scenarioBackend(_ app: EmulatedApp) -> any KeychainBackend { app.keychain }
