#import <CommonCrypto/CommonCrypto.h>
#import "DerivedKeyCipher.h"

@implementation DerivedKeyCipher

- (NSData *)decrypt:(NSData *)payload password:(NSString *)password salt:(NSData *)salt iv:(NSData *)iv {
    char keyBytes[kCCKeySizeAES256] = {0};
    CCKeyDerivationPBKDF(kCCPBKDF2, password.UTF8String, strlen(password.UTF8String), salt.bytes, salt.length,
                         kCCPRFHmacAlgSHA256, 600000, (uint8_t *)keyBytes, sizeof(keyBytes));
    NSMutableData *output = [NSMutableData dataWithLength:payload.length + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCryptorStatus status = CCCrypt(kCCDecrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, keyBytes, sizeof(keyBytes), iv.bytes,
                                     payload.bytes, payload.length, output.mutableBytes, output.length, &moved);
    memset(keyBytes, 0, sizeof(keyBytes));
    if (status != kCCSuccess) { return nil; }
    output.length = moved;
    return output;
}

- (NSData *)encrypt:(NSData *)payload key:(NSData *)key {
    uint8_t iv[kCCBlockSizeAES128] = {0};
    if (SecRandomCopyBytes(kSecRandomDefault, sizeof(iv), iv) != errSecSuccess) { return nil; }
    NSMutableData *output = [NSMutableData dataWithLength:payload.length + kCCBlockSizeAES128];
    size_t moved = 0;
    CCCryptorStatus status = CCCrypt(kCCEncrypt, kCCAlgorithmAES, kCCOptionPKCS7Padding, key.bytes, key.length, iv,
                                     payload.bytes, payload.length, output.mutableBytes, output.length, &moved);
    if (status != kCCSuccess) { return nil; }
    output.length = moved;
    NSMutableData *sealed = [NSMutableData dataWithBytes:iv length:sizeof(iv)];
    [sealed appendData:output];
    return sealed;
}

@end
