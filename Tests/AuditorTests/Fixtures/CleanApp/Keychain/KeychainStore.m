#import "KeychainStore.h"
#import <Security/Security.h>

NSString * const KeychainStoreErrorDomain = @"KeychainStoreErrorDomain";

@implementation KeychainStore

- (NSDictionary *)queryForAccount:(NSString *)account {
    return @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
              (__bridge id)kSecAttrService: self.service,
              (__bridge id)kSecAttrAccount: account };
}

- (BOOL)setData:(NSData *)data forAccount:(NSString *)account error:(NSError **)error {
    NSDictionary *query = [self queryForAccount:account];
    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)query,
                                    (__bridge CFDictionaryRef)@{ (__bridge id)kSecValueData: data });
    if (status == errSecItemNotFound) {
        NSMutableDictionary *item = [query mutableCopy];
        item[(__bridge id)kSecValueData] = data;
        item[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
        status = SecItemAdd((__bridge CFDictionaryRef)item, NULL);
    }
    if (status != errSecSuccess) {
        if (error) { *error = [NSError errorWithDomain:KeychainStoreErrorDomain code:status userInfo:nil]; }
        return NO;
    }
    return YES;
}

- (NSData *)dataForAccount:(NSString *)account error:(NSError **)error {
    NSMutableDictionary *query = [[self queryForAccount:account] mutableCopy];
    query[(__bridge id)kSecReturnData] = @YES;
    query[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitOne;
    CFTypeRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
    if (status == errSecItemNotFound) {
        return nil;
    }
    if (status != errSecSuccess) {
        if (error) { *error = [NSError errorWithDomain:KeychainStoreErrorDomain code:status userInfo:nil]; }
        return nil;
    }
    return (__bridge_transfer NSData *)result;
}

- (BOOL)removeDataForAccount:(NSString *)account error:(NSError **)error {
    OSStatus status = SecItemDelete((__bridge CFDictionaryRef)[self queryForAccount:account]);
    if (status != errSecSuccess && status != errSecItemNotFound) {
        if (error) { *error = [NSError errorWithDomain:KeychainStoreErrorDomain code:status userInfo:nil]; }
        return NO;
    }
    return YES;
}

@end
