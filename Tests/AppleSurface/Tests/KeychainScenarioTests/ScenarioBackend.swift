import AppleSurfaceEmulation
import DeviceEmulator
import SecureStorage

/// The backend every keychain of ``KeychainScenarioTests`` (SecureStorageTests' file, linked
/// here) uses: `SystemKeychainBackend`, the Apple backend, whose `SecItem…` calls reach the
/// emulated app's keychain through the declared Security surface.
func scenarioBackend(_ app: EmulatedApp) -> any KeychainBackend { SystemKeychainOnEmulator(app: app) }
