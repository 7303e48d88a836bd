#import "KeychainWrapper.h"
#import <Security/Security.h>

@implementation KeychainWrapper

- (NSMutableDictionary *)queryForKey:(NSString *)key {
    return [NSMutableDictionary dictionaryWithObjectsAndKeys:
            (__bridge id)kSecClassGenericPassword, (__bridge id)kSecClass,
            key, (__bridge id)kSecAttrAccount,
            nil];
}

- (BOOL)setString:(NSString *)value forKey:(NSString *)key {
    NSMutableDictionary *query = [self queryForKey:key];
    SecItemDelete((__bridge CFDictionaryRef)query);

    [query setObject:[value dataUsingEncoding:NSUTF8StringEncoding] forKey:(__bridge id)kSecValueData];
    [query setObject:(__bridge id)kSecAttrAccessibleAlwaysThisDeviceOnly forKey:(__bridge id)kSecAttrAccessible];
    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
    return status == errSecSuccess;
}

- (NSString *)stringForKey:(NSString *)key {
    NSMutableDictionary *query = [self queryForKey:key];
    [query setObject:(__bridge id)kCFBooleanTrue forKey:(__bridge id)kSecReturnData];
    [query setObject:(__bridge id)kSecMatchLimitOne forKey:(__bridge id)kSecMatchLimit];

    CFDataRef result = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, (CFTypeRef *)&result);
    if (status != noErr) {
        return nil;
    }
    return [[NSString alloc] initWithData:(__bridge_transfer NSData *)result encoding:NSUTF8StringEncoding];
}

- (void)removeStringForKey:(NSString *)key {
    NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                             (__bridge id)kSecAttrAccount: key,
                             (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlwaysThisDeviceOnly };
    SecItemDelete((__bridge CFDictionaryRef)query);
}

- (void)sharePassword:(NSData *)password account:(NSString *)account {
    NSDictionary *item = @{ (__bridge id)kSecClass: (__bridge id)kSecClassInternetPassword,
                            (__bridge id)kSecAttrAccount: account,
                            (__bridge id)kSecAttrSynchronizable: @YES,
                            (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlocked,
                            (__bridge id)kSecValueData: password };
    SecItemAdd((__bridge CFDictionaryRef)item, NULL);
}

@end
