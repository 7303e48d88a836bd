import AuditKit

extension StorageSecretInDatabase {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                import CoreData
                func saveUser(name: String, password: String, in context: NSManagedObjectContext) throws {
                    let user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context) as? User
                    user?.name = name
                    ↓user?.password = password
                    user?.passwordHint = nil
                    try context.save()
                }
                func saveLegacy(in context: NSManagedObjectContext) {
                    let entity = NSEntityDescription.entity(forEntityName: "Users", in: context)
                    let record = NSManagedObject(entity: entity!, insertInto: context)
                    record.setValue("test", forKey: "username")
                    ↓record.setValue(pinField.text, forKey: "pin")
                }
                func saveAccount(_ token: String, in context: NSManagedObjectContext) {
                    let account = Account(context: context)
                    account.displayName = "Me"
                    ↓account.accessToken = token
                }
                func seed(in context: NSManagedObjectContext) {
                    var user: User?
                    user = NSEntityDescription.insertNewObject(forEntityName: "User", into: context) as? User
                    if let user = user {
                        user.email = "john@example.com"
                        ↓user.password = passwordField.text
                    }
                }
                """),
            .swift(
                """
                import RealmSwift
                func saveCard(number: String, cvv: String) throws {
                    let realm = try Realm()
                    let card = CreditCard()
                    card.holder = "J. Appleseed"
                    ↓card.cardNumber = number
                    card.cvv = cvv
                    try realm.write { realm.add(card) }
                }
                func saveVault(password: String) {
                    let database = YapDatabase(path: path)
                    database.newConnection().readWrite { transaction in
                        transaction.setObject("me@example.com", forKey: "Email", inCollection: "Vault")
                        ↓transaction.setObject(password, forKey: "Password", inCollection: "Vault")
                    }
                    let properties: [String: Any] = ["username": user, "password": password]
                    try? ↓database.createDocument().putProperties(properties)
                    ↓sqlite3_bind_text(statement, 2, password, -1, nil)
                    ↓db.executeUpdate("INSERT INTO users (name, password) VALUES (?, ?)", withArgumentsIn: [name, password])
                }
                """),
            .swift(
                """
                import CoreData
                import RealmSwift
                // Rows that hold no secret, a cleared secret, and a Realm opened with an encryption key.
                func saveContact(name: String, in context: NSManagedObjectContext) {
                    let contact = Contact(context: context)
                    contact.name = name
                    contact.requiresPin = true
                    contact.token = nil
                }
                func saveSession(token: String, key: Data) throws {
                    let realm = try Realm(configuration: Realm.Configuration(encryptionKey: key))
                    let session = Session()
                    session.token = token
                    try realm.write { realm.add(session) }
                    let profile = Profile()
                    profile.password = "x"   // never added to a database
                    sqlite3_bind_text(statement, 1, name, -1, nil)
                }
                """),
            .swift(
                """
                // An SQLCipher database: the rows are encrypted (where its key comes from is another rule's matter).
                func storeCredentials(_ password: String, key: Data) {
                    sqlite3_key(db, [UInt8](key), Int32(key.count))
                    sqlite3_bind_text(statement, 2, password, -1, nil)
                }
                """),
            .objectiveC(
                """
                - (IBAction)saveInCoreDataTapped:(id)sender {
                    User *newUser = [NSEntityDescription insertNewObjectForEntityForName:@"User" inManagedObjectContext:self.context];
                    newUser.name = self.nameTextField.text;
                    ↓newUser.password = self.passwordTextField.text;
                    [self.context save:nil];
                }
                - (IBAction)saveInRealmTapped:(id)sender {
                    RLMRealm *realm = [RLMRealm defaultRealm];
                    RealmUser *user = [[RealmUser alloc] init];
                    ↓user.password = self.realmPassword.text;
                    [realm beginWriteTransaction];
                    [realm addObject:user];
                    [realm commitWriteTransaction];
                }
                - (IBAction)saveInCouchbaseTapped:(id)sender {
                    NSDictionary *properties = @{ @"username" : self.user, @"password" : self.password };
                    CBLDocument *document = [database createDocument];
                    [document ↓putProperties:properties error:nil];
                }
                - (void)saveYap:(YapDatabaseReadWriteTransaction *)transaction {
                    [transaction setObject:self.username forKey:@"Username" inCollection:@"App"];
                    [transaction ↓setObject:self.password forKey:@"Password" inCollection:@"App"];
                    ↓sqlite3_bind_text(statement, 2, [password UTF8String], -1, SQLITE_TRANSIENT);
                }
                """),
            .objectiveC(
                """
                - (void)saveContact {
                    Contact *contact = [NSEntityDescription insertNewObjectForEntityForName:@"Contact" inManagedObjectContext:self.context];
                    contact.name = self.name;
                    contact.pinEnabled = YES;
                    NSDictionary *properties = @{ @"name" : self.name };
                    [document putProperties:properties error:nil];
                    sqlite3_bind_text(statement, 1, [name UTF8String], -1, SQLITE_TRANSIENT);
                }
                """),
        ]
    }
}
