import Foundation

/// The signed-in user, cached between launches.
struct BankUser: Codable {
    let customerNumber: String
    let displayName: String
    let password: String
}

/// "Offline mode": everything needed to sign in again without the network.
final class CredentialsCache {
    private let folder: URL = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]

    func save(user: BankUser) throws {
        let data = try JSONEncoder().encode(user)
        try data.write(to: folder.appendingPathComponent("user.json"), options: .atomic)
    }

    func save(credentials: NSDictionary) {
        let path = folder.appendingPathComponent("credentials.archive").path
        NSKeyedArchiver.archiveRootObject(credentials, toFile: path)
    }

    func save(sessionToken: String) throws {
        let archived = try NSKeyedArchiver.archivedData(withRootObject: sessionToken, requiringSecureCoding: true)
        FileManager.default.createFile(atPath: folder.appendingPathComponent("session").path, contents: archived)
    }

    func save(pin: String) throws {
        try pin.write(to: folder.appendingPathComponent("pin.txt"), atomically: true, encoding: .utf8)
    }

    func save(otpSeed: Data) throws {
        try otpSeed.write(to: folder.appendingPathComponent("otp.bin"), options: [.atomic, .noFileProtection])
    }

    func saveStatement(_ statement: Data) throws {
        try statement.write(to: folder.appendingPathComponent("statement.pdf"), options: .completeFileProtection)
    }
}
