import Foundation
import os

/// Sign-in diagnostics that never reveal credentials.
final class SessionDiagnostics {
    private let logger = Logger(subsystem: "com.cleanapp.ios", category: "session")

    func signedIn(userID: String, token: String, expiresIn: TimeInterval) {
        logger.info("Signed in \(userID, privacy: .private(mask: .hash)), token expires in \(expiresIn, privacy: .public)s")
        logger.debug("Token fingerprint \(token, privacy: .private(mask: .hash)), length \(token.count)")
    }

    func refreshFailed(status: Int, tokenCount: Int) {
        logger.error("Token refresh failed with HTTP \(status), \(tokenCount) tokens cached")
        print("Password reset email sent")
    }
}
