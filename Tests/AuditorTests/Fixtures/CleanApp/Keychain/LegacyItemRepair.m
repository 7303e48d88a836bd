#import <Foundation/Foundation.h>
#import <Security/Security.h>

static const NSInteger kCorruptItemErrorCode = -25300;

@implementation LegacyCredentialRepair

// Saves a password: updates the existing item, or adds a new one. An item an old version
// wrote with attributes but no data is removed first, in that error branch only.
- (BOOL)storePassword:(NSString *)password forAccount:(NSString *)account error:(NSError **)error {
    NSError *readError = nil;
    NSString *existing = [self passwordForAccount:account error:&readError];
    if ([readError code] == kCorruptItemErrorCode) {
        [self deleteItemForAccount:account];
    }

    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                             (__bridge id)kSecAttrService: @"io.cleanapp.credentials",
                             (__bridge id)kSecAttrAccount: account };
    NSData *data = [password dataUsingEncoding:NSUTF8StringEncoding];
    OSStatus status;
    if (existing) {
        status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)@{ (__bridge id)kSecValueData: data });
    } else {
        NSMutableDictionary *item = [query mutableCopy];
        item[(__bridge id)kSecValueData] = data;
        item[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
        status = SecItemAdd((__bridge CFDictionaryRef)item, NULL);
    }
    if (status != errSecSuccess && error) {
        *error = [NSError errorWithDomain:NSOSStatusErrorDomain code:status userInfo:nil];
    }
    return status == errSecSuccess;
}

- (void)deleteItemForAccount:(NSString *)account {
    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                             (__bridge id)kSecAttrService: @"io.cleanapp.credentials",
                             (__bridge id)kSecAttrAccount: account };
    SecItemDelete((__bridge CFDictionaryRef)query);
}

@end
