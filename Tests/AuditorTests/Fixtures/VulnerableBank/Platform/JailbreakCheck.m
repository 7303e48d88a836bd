#import <UIKit/UIKit.h>
#import "JailbreakCheck.h"

@implementation JailbreakCheck

+ (void)enforce {
    if ([[NSFileManager defaultManager] fileExistsAtPath:@"/Applications/Cydia.app"] ||
        [[UIApplication sharedApplication] canOpenURL:[NSURL URLWithString:@"cydia://package/com.example"]]) {
        exit(0);
    }
}

+ (void)copyPassword:(NSString *)password {
    [UIPasteboard generalPasteboard].string = password;
}

@end
