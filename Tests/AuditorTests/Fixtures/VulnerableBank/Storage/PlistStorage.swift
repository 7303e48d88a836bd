import Foundation

/// The "Remember me" switch of the login screen (DVIA-v2's plist exercise, more or less).
final class PlistStorage {
    private var plistPath: String {
        NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true)[0] + "/userInfo.plist"
    }

    func remember(username: String, password: String) {
        let info = NSMutableDictionary()
        info.setValue(username, forKey: "username")
        info.setValue(password, forKey: "password")
        info.write(toFile: plistPath, atomically: true)
    }

    func rememberDevice(named name: String, authToken: String, at url: URL) throws {
        let entry: [String: Any] = ["deviceName": name, "authToken": authToken]
        let data = try PropertyListSerialization.data(fromPropertyList: entry, format: .xml, options: 0)
        try data.write(to: url, options: .completeFileProtection)
    }

    func rememberTheme(_ theme: String) {
        let prefs: NSDictionary = ["theme": theme]
        prefs.write(toFile: plistPath + ".prefs", atomically: true)
    }
}
