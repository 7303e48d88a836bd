#import "SettingsKeychain.h"
#import <Security/Security.h>

@implementation SettingsKeychain

- (NSDictionary *)specForKey:(NSString *)key {
    return @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
              (__bridge id)kSecAttrService: self.serviceName,
              (__bridge id)kSecAttrAccount: key };
}

// nil removes the value; an existing item is updated; otherwise it is added.
- (BOOL)storeString:(NSString *)string forKey:(NSString *)key {
    NSDictionary *spec = [self specForKey:key];
    if (!string) {
        return !SecItemDelete((__bridge CFDictionaryRef)spec);
    } else if ([self hasValueForKey:key]) {
        NSDictionary *update = @{ (__bridge id)kSecValueData: [string dataUsingEncoding:NSUTF8StringEncoding] };
        return !SecItemUpdate((__bridge CFDictionaryRef)spec, (__bridge CFDictionaryRef)update);
    } else {
        NSMutableDictionary *item = [spec mutableCopy];
        item[(__bridge id)kSecValueData] = [string dataUsingEncoding:NSUTF8StringEncoding];
        item[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
        return !SecItemAdd((__bridge CFDictionaryRef)item, NULL);
    }
}

- (void)removeValueForKey:(NSString *)key {
    SecItemDelete((__bridge CFDictionaryRef)[self specForKey:key]);
}

- (BOOL)updateValue:(NSString *)value forKey:(NSString *)key {
    NSDictionary *changes = @{ (__bridge id)kSecValueData: [value dataUsingEncoding:NSUTF8StringEncoding] };
    return SecItemUpdate((__bridge CFDictionaryRef)[self specForKey:key], (__bridge CFDictionaryRef)changes) == errSecSuccess;
}

// Add, or update when it exists; nil removes.
- (BOOL)setValue:(NSString *)value forKey:(NSString *)key {
    if (!value) {
        [self removeValueForKey:key];
        return YES;
    }
    NSMutableDictionary *item = [[self specForKey:key] mutableCopy];
    item[(__bridge id)kSecValueData] = [value dataUsingEncoding:NSUTF8StringEncoding];
    item[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)item, NULL);
    if (status == errSecDuplicateItem) {
        return [self updateValue:value forKey:key];
    }
    return status == errSecSuccess;
}

@end
