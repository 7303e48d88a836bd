#import <Foundation/Foundation.h>
#import <Security/Security.h>

@implementation PasscodeKeychain

- (NSMutableDictionary *)queryForAccount:(NSString *)account
{
	return [@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
	           (__bridge id)kSecAttrService: @"com.vulnerablebank.applock",
	           (__bridge id)kSecAttrAccount: account,
	           (__bridge id)kSecReturnData: @YES } mutableCopy];
}

// Only "not found" is named; a locked device's errSecInteractionNotAllowed also ends in nil.
- (NSData *)passcodeDataForAccount:(NSString *)account
{
	CFTypeRef passcodeData = NULL;
	OSStatus status = noErr;

	if ((status = SecItemCopyMatching((__bridge CFDictionaryRef)[self queryForAccount:account], &passcodeData)) == errSecItemNotFound)
	{
		NSLog(@"No passcode stored for %@", account);
		return (nil);
	}

	NSLog(@"Passcode read for %@ finished with status %d", account, (int)status);

	return ((__bridge_transfer NSData *)passcodeData);
}

@end
