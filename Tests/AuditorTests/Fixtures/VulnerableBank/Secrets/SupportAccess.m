#import "SupportAccess.h"

static NSString *const kCookiePassword = @"dvpassword";

@implementation SupportAccess

- (BOOL)isMasterPin:(NSString *)pin {
    return [pin isEqualToString:@"9731"];
}

- (BOOL)isEmpty:(NSString *)password {
    return [password isEqualToString:@""];
}

@end
