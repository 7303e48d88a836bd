import Foundation

/// Keeps the signed-in session's JWT in a property list in Documents, so the statements
/// screen can read it back without asking the server again.
final class SessionPlistCache {
    private var sessionFile: String {
        let documents = NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true)[0] as String
        return documents.appending("/Session.plist")
    }

    func didSignIn(jwt: String, customerID: String) {
        let content: [String: String] = ["customerID": customerID, "jwt": jwt, "sessionToken": jwt]
        let plist = NSDictionary(dictionary: content)
        let saved: Bool = plist.write(toFile: sessionFile, atomically: true)
        if !saved {
            NSLog("Could not cache the session")
        }
    }

    func rememberLastScreen(_ screen: String) {
        let content: [String: String] = ["lastScreen": screen]
        _ = NSDictionary(dictionary: content).write(toFile: sessionFile + ".ui", atomically: true)
    }
}
