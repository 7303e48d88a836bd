import CoreData
import Foundation

/// Lists the accounts signed in on this device. The row keeps only where the account's
/// credentials live in the Keychain, never the credentials.
final class AccountDirectory {
    private let context: NSManagedObjectContext

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    func add(login: String, credentialReference: String) throws {
        let account = StoredAccount(context: context)
        account.login = login
        account.keychainItemReference = credentialReference
        account.requiresPasscode = true
        try context.save()
    }
}
