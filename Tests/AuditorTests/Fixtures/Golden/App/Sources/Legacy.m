#import <Foundation/Foundation.h>

// [[NSUserDefaults standardUserDefaults] setObject:token forKey:@"authToken"]; is in a comment
@implementation Legacy
- (void)saveToken:(NSString *)token {
    [[NSUserDefaults standardUserDefaults] setObject:token forKey:@"authToken"];
}
@end
