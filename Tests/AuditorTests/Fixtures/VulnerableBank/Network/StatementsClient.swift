import Alamofire
import Foundation

/// Loads and creates statement exports for the signed-in customer.
final class StatementsClient {
    private let session: SessionStore

    init(session: SessionStore) {
        self.session = session
    }

    func loadExports(completion: @escaping ([String]) -> Void) {
        let exportsList = "http://statements.vulnerablebank.com/exports"
        let headers: HTTPHeaders = ["Authorization": "Bearer " + session.accessToken]
        AF.request(exportsList, method: .get, headers: headers).responseDecodable(of: [String].self) { response in
            completion(response.value ?? [])
        }
    }

    func requestExport(month: String) {
        let newExport = "http://statements.vulnerablebank.com/exports/new"
        guard let target = URL(string: newExport) else { return }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.setValue("Bearer " + session.accessToken, forHTTPHeaderField: "Authorization")
        request.httpBody = Data(month.utf8)
        URLSession.shared.dataTask(with: request).resume()
    }
}
