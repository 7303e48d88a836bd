import Foundation

enum Endpoints {
    static let baseURL = "http://api.vulnerablebank.com/v1"
    static let statementsURL = URL(string: "http://statements.vulnerablebank.com/monthly")!
    static let localMock = URL(string: "http://localhost:8080/v1")!
    static let secureLogin = URL(string: "https://api.vulnerablebank.com/v1/login")!

    static func exchangeRates() -> URLRequest {
        URLRequest(url: URL(string: "http://rates.vulnerablebank.com/today.json")!)
    }
}
