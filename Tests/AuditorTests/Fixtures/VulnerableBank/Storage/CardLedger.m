#import <sqlite3.h>

@implementation CardLedger

- (void)storeCard:(NSString *)cardNumber cvv:(NSString *)cvv in:(sqlite3 *)db {
    sqlite3_stmt *statement = NULL;
    sqlite3_prepare_v2(db, "INSERT INTO cards (number, cvv) VALUES (?, ?)", -1, &statement, NULL);
    sqlite3_bind_text(statement, 1, [cardNumber UTF8String], -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(statement, 2, [cvv UTF8String], -1, SQLITE_TRANSIENT);
    sqlite3_step(statement);
    sqlite3_finalize(statement);
}

@end
