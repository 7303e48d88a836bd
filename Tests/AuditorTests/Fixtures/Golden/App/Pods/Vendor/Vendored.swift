import Foundation
func vendored(token: String) { UserDefaults.standard.set(token, forKey: "token") }
