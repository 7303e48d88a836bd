#import <Foundation/Foundation.h>

static NSString *const kVaultService = @"VaultKeyChainService";
static NSString *const kLegacyPassphrase = @"VaultLegacyPass";

#ifdef DEBUG
static NSString *const kStagingPassword = @"Stag1ng!Demo";
#endif

@implementation VaultKeychain

+ (nullable NSData *)legacyPassphrase:(NSError **)error
{
    return [self tryToLoadKeychainValue:kLegacyPassphrase error:error];
}

+ (void)removeLegacyPassphrase
{
    NSError *error;
    [self.keychainStorage removeWithService:kVaultService key:kLegacyPassphrase error:&error];
}

@end

@implementation MockVaultKeychain

- (NSString *)storedPassword
{
    NSString *password = @"S4mple!pw";
    return password;
}

@end
