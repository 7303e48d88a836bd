// DeviceEmulator: an emulated iOS device for tests that run anywhere.
//
// `EmulatedDevice` owns one `DeviceState` behind a lock: lock state, passcode,
// biometry, the keychain and the installed apps. Apps talk to it through the same
// SecItem-shaped `KeychainBackend` that `SecureStorage` uses on Apple platforms, so code
// under test sends Apple's raw query dictionaries and receives Apple's statuses.
//
// Folders:
// - `Device/`: the device, its state, apps, identities, backups and authentication prompts.
// - `Keychain/`: SecItem semantics as a value-type state machine (`EmulatedKeychain`),
//   query parsing (`KeychainQuery`), stored items and access groups.
// - `Files/`: each app's files with their data-protection classes (`EmulatedFileSystem`,
//   a `ProtectedFileSystem`), availability decided by the same lock state as the keychain.
// - `SecureEnclave/`: P-256 signing keys that never leave the emulated enclave.
//
// The behaviour table, with the source of every fact, is in the DocC catalogue
// (`DeviceEmulator.docc/KeychainBehaviour.md`).
