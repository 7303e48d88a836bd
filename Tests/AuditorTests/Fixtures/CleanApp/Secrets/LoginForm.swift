import SwiftUI

/// A login form: key names, UI text and comparisons with what the user typed.
struct LoginForm: View {
    static let passwordKey = "userPassword"
    static let pinStorageKey = "user_pin"
    @State private var password = ""
    @State private var confirmation = ""

    var body: some View {
        SecureField("Password", text: $password)
    }

    func isValid() -> Bool {
        if password == "" || password == "password" { return false }
        return password == confirmation
    }
}
