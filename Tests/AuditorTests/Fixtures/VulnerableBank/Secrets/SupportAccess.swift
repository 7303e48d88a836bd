import Foundation

/// A support back door and an archive password that shipped in the app.
struct SupportAccess {
    fileprivate let cookiePassword = "opensesame"

    func unlock(username: String, password: String) -> Bool {
        if username == "support" && password == "Adm1nAccess" { return true }
        return false
    }

    func openArchive(_ blob: Data) throws -> Data {
        try RNDecryptor.decryptData(blob, withPassword: "archive-Key")
    }

    func validate(password: String) -> Bool {
        password != "" && password != "password"
    }
}
