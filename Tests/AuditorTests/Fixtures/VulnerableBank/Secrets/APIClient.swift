import Foundation

/// Talks to the bank's payment backend.
final class APIClient {
    static let shared = APIClient()

    private let baseURL = URL(string: "https://api.vulnerablebank.example")!
    private let stripeSecretKey = "sk_live_51MzQ8rKx2vB7nP4tY9wL3cD6fH1jG5kA"
    private let mapsKey = "AIzaSyB7x2Kq9mV4nL8cX3zP5tR1wY6hJ0gE4fD"
    private let session = URLSession.shared

    func charge(amount: Int, accessToken: String, completion: @escaping (Result<Data, Error>) -> Void) {
        var request = URLRequest(url: baseURL.appendingPathComponent("charges"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        request.setValue(stripeSecretKey, forHTTPHeaderField: "X-Stripe-Key")
        print("Request headers: \(request.allHTTPHeaderFields ?? [:])")
        NSLog("Charging %d with token %@", amount, accessToken)
        session.dataTask(with: request) { data, _, error in
            if let error { completion(.failure(error)) } else { completion(.success(data ?? Data())) }
        }.resume()
    }
}

enum Environment {
    static let clientSecret = "Zk4mQ9vT2xB7nR5wP8cL1dF6hJ3gY0aS"
    static var githubToken: String { "ghp_Vb7Kx2mQ9nL4tR8wZ1cF5hJ3pY6sD0aG2eK4" }
    static let supportWebhook = "https://hooks.slack.com/services/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"
}
