import Foundation

/// Endpoints and public identifiers come from the build configuration; credentials come
/// from the server after sign-in and live in the Keychain.
struct APIConfiguration {
    static let apiKeyHeader = "X-Api-Key"
    static let tokenEndpoint = URL(string: "https://auth.cleanapp.example/oauth/token")!
    static let stripePublishableKey = Bundle.main.object(forInfoDictionaryKey: "StripePublishableKey") as? String ?? ""
    static let accessTokenAccount = "com.cleanapp.session.access-token"

    let keychain: Keychain

    func authorizedRequest(for url: URL) throws -> URLRequest {
        var request = URLRequest(url: url)
        let token = try keychain.read(account: Self.accessTokenAccount)
        request.setValue("Bearer \(String(decoding: token, as: UTF8.self))", forHTTPHeaderField: "Authorization")
        return request
    }
}
