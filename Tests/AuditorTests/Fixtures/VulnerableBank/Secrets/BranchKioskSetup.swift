import KeychainSwift

/// First-launch setup of the branch kiosk build: seeds the keychain with the kiosk's
/// unlock code and the staff override.
enum BranchKioskSetup {
    enum Keys {
        static let staffOverridePassword = "kiosk.staffOverride"
        static let greeting = "kiosk.greeting"
    }

    static func seed() {
        let keychain = KeychainSwift()
        keychain.set("kioskMaster#7781", forKey: "Kiosk Unlock Passcode")
        keychain.set("Br4nch!Override", forKey: Keys.staffOverridePassword)
        keychain.set("Welcome to VulnerableBank", forKey: Keys.greeting)
    }
}
