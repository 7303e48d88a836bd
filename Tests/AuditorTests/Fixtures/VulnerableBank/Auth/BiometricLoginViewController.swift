import LocalAuthentication
import UIKit

/// Face ID login: the classic Bool gate. A hooked evaluatePolicy reply logs anyone in.
final class BiometricLoginViewController: UIViewController {
    @Published private(set) var isLoggedIn = false
    private let session = SessionManager.shared

    @IBAction func loginWithFaceID(_ sender: UIButton) {
        let context = LAContext()
        var error: NSError?
        guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else {
            showPasswordLogin()
            return
        }
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in to VulnerableBank") { [weak self] success, _ in
            DispatchQueue.main.async {
                if success {
                    self?.isLoggedIn = true
                    self?.performSegue(withIdentifier: "showAccounts", sender: nil)
                } else {
                    self?.showPasswordLogin()
                }
            }
        }
    }

    /// Quick unlock when the app returns to the foreground.
    func unlockOnForeground() async {
        let context = LAContext()
        do {
            try await context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock VulnerableBank")
            session.state = .authenticated
        } catch {
            showPasswordLogin()
        }
    }

    /// Approving a transfer hands back the stored refresh token on a Bool.
    func refreshTokenForTransfer(completion: @escaping (String?) -> Void) {
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Approve this transfer") { success, _ in
            guard success else { return completion(nil) }
            let refreshToken = KeychainWrapper.standard.string(forKey: "refreshToken")
            completion(refreshToken)
        }
    }

    private func showPasswordLogin() {
        performSegue(withIdentifier: "showPasswordLogin", sender: nil)
    }
}
