#import "LegacyVault.h"
#import "RNEncryptor.h"
#import "RNDecryptor.h"

@implementation LegacyVault

- (BOOL)saveStatement:(NSData *)statement toPath:(NSString *)path {
    NSError *error;
    NSData *sealed = [RNEncryptor encryptData:statement
                                 withSettings:kRNCryptorAES256Settings
                                     password:@"Statement-Key"
                                        error:&error];
    return [sealed writeToFile:path options:NSDataWritingFileProtectionComplete error:&error];
}

- (NSData *)loadStatementFromPath:(NSString *)path {
    NSError *error;
    NSData *sealed = [NSData dataWithContentsOfFile:path];
    return [RNDecryptor decryptData:sealed withPassword:@"Statement-Key" error:&error];
}

@end
