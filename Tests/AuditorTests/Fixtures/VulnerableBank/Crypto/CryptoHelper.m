#import "CryptoHelper.h"
#import <CommonCrypto/CommonCrypto.h>

#define kEncryptionKey @"VBk3y!2019#Secure"

@implementation CryptoHelper

+ (NSData *)encrypt:(NSData *)plain {
    char keyPtr[kCCKeySizeAES256 + 1];
    bzero(keyPtr, sizeof(keyPtr));
    [kEncryptionKey getCString:keyPtr maxLength:sizeof(keyPtr) encoding:NSUTF8StringEncoding];
    size_t bufferSize = plain.length + kCCBlockSizeAES128;
    void *buffer = malloc(bufferSize);
    size_t numBytesEncrypted = 0;
    CCCryptorStatus status = CCCrypt(kCCEncrypt, kCCAlgorithmAES128, kCCOptionPKCS7Padding | kCCOptionECBMode,
                                     keyPtr, kCCKeySizeAES256, NULL,
                                     plain.bytes, plain.length, buffer, bufferSize, &numBytesEncrypted);
    if (status == kCCSuccess) {
        return [NSData dataWithBytesNoCopy:buffer length:numBytesEncrypted];
    }
    free(buffer);
    return nil;
}

+ (NSString *)hashForPassword:(NSString *)password {
    const char *cStr = [password UTF8String];
    unsigned char digest[CC_MD5_DIGEST_LENGTH];
    CC_MD5(cStr, (CC_LONG)strlen(cStr), digest);
    NSMutableString *output = [NSMutableString stringWithCapacity:CC_MD5_DIGEST_LENGTH * 2];
    for (int i = 0; i < CC_MD5_DIGEST_LENGTH; i++) [output appendFormat:@"%02x", digest[i]];
    return output;
}

+ (NSData *)legacyEncrypt:(NSData *)plain key:(NSData *)key {
    size_t moved = 0;
    void *buffer = malloc(plain.length + kCCBlockSize3DES);
    CCCrypt(kCCEncrypt, kCCAlgorithm3DES, kCCOptionPKCS7Padding, key.bytes, kCCKeySize3DES, NULL,
            plain.bytes, plain.length, buffer, plain.length + kCCBlockSize3DES, &moved);
    return [NSData dataWithBytesNoCopy:buffer length:moved];
}

@end
