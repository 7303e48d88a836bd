#import "OfflineCredentials.h"

@implementation OfflineCredentials

- (void)rememberLogin {
    NSUserDefaults *credentials = [NSUserDefaults standardUserDefaults];
    [credentials setObject:self.username.text forKey:@"username"];
    [credentials setObject:self.password.text forKey:@"password"];
    [credentials synchronize];
}

- (void)installDemoCredentials {
    NSString *documents = NSSearchPathForDirectoriesInDomains(NSDocumentDirectory, NSUserDomainMask, YES)[0];
    NSString *destination = [documents stringByAppendingPathComponent:@"Credentials.plist"];
    NSString *source = [[NSBundle mainBundle] pathForResource:@"Credentials" ofType:@"plist"];
    [[NSFileManager defaultManager] copyItemAtPath:source toPath:destination error:nil];
}

@end
