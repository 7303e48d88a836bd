import Foundation
import os

/// Sign-in flow with verbose diagnostics left in from development.
final class SignInService {
    private let logger = Logger(subsystem: "com.vulnerablebank.app", category: "auth")

    func signIn(username: String, password: String) async throws -> Session {
        logger.info("Signing in \(username, privacy: .public)")
        print("Attempting login with password: \(password)")
        let session = try await api.login(username: username, password: password)
        logger.debug("Received access token \(session.accessToken, privacy: .public)")
        os_log("Refresh token: %{public}@", log: .default, type: .info, session.refreshToken)
        return session
    }

    func verify(otp: String) {
        debugPrint("Verifying one-time code", otp)
        logger.notice("OTP verification started, code length \(otp.count)")
    }
}
