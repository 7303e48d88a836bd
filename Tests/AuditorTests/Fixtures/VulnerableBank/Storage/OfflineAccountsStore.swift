import CoreData
import Foundation

/// Keeps the accounts the user signed in with, for offline use.
final class OfflineAccountsStore {
    private let context: NSManagedObjectContext

    init(context: NSManagedObjectContext) {
        self.context = context
    }

    func remember(login: String, password: String, refreshToken: String) throws {
        let account = StoredAccount(context: context)
        account.login = login
        account.password = password
        account.refreshToken = refreshToken
        try context.save()
    }
}
