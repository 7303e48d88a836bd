#import "KeychainDebug.h"

@implementation KeychainDebug

- (void)dumpStoredPassword {
    NSData *passwordData = [self dataForAccount:@"primary"];
    NSString *passwordFromKeychain = [[NSString alloc] initWithData:passwordData encoding:NSUTF8StringEncoding];
    NSLog(@"Password from keychain: %@", passwordFromKeychain);
}

- (void)registerUser {
    NSMutableDictionary *user = [NSMutableDictionary dictionary];
    user[@"email"] = self.emailField.text;
    user[@"password"] = self.passwordField.text;
    NSLog(@"registering %@", user);
    NSLog(@"Password length: %lu", (unsigned long)self.passwordField.text.length);
}

@end
