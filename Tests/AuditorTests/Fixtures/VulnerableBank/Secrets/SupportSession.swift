import Foundation

/// A support passphrase sent with every request; its constant also names a storage slot,
/// but it is the secret itself.
final class SupportSession {
    private let sessionStore = SessionStore()
    private let supportPassphrase = "Supp0rt#Desk"

    func authorize(_ request: inout URLRequest) {
        request.setValue(supportPassphrase, forHTTPHeaderField: "X-Support-Pass")
    }

    func forget() {
        sessionStore.removeValue(forKey: supportPassphrase)
    }
}

/// Not a mock: a "Mockingbird" feature flag client with a shipped password.
final class MockingbirdClient {
    let password = "Mock1ngb!rd"
}

#if DEBUG
let stagingAdminPassword = "Adm1n@2024!"
#else
let releaseFallbackPassword = "Rel3ase!pw"
#endif
