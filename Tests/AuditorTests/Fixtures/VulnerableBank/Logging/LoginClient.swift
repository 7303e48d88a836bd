import Alamofire
import Foundation

final class LoginClient {
    private let loginURL = URL(string: "https://api.bank-example.com/v2/login")!
    var onToken: ((String) -> Void)?

    func logIn(user: String, password: String) {
        AF.request(loginURL, method: .post, parameters: ["user": user, "password": password]).responseJSON { response in
            print(response)
            guard let json = response.value as? [String: Any], let token = json["access_token"] as? String else { return }
            self.onToken?(token)
        }
    }
}
