#import "LegacyStore.h"

@implementation LegacyStore

- (void)saveUsername:(NSString *)username password:(NSString *)password {
    NSMutableDictionary *credentials = [[NSMutableDictionary alloc] init];
    [credentials setObject:username forKey:@"username"];
    [credentials setObject:password forKey:@"password"];
    [credentials writeToFile:[self pathFor:@"credentials.plist"] atomically:YES];
}

- (void)saveSession:(BankSession *)session {
    [NSKeyedArchiver archiveRootObject:session.accessToken toFile:[self pathFor:@"session.dat"]];
}

- (void)saveStatement:(NSData *)statement {
    [statement writeToFile:[self pathFor:@"statement.pdf"] options:NSDataWritingFileProtectionNone error:nil];
}

- (void)cacheToken:(NSString *)token {
    [token writeToFile:[self pathFor:@"token"] atomically:YES encoding:NSUTF8StringEncoding error:nil];
}

@end
