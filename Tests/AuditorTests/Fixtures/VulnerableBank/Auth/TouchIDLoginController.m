#import <LocalAuthentication/LocalAuthentication.h>
#import "TouchIDLoginController.h"

@implementation TouchIDLoginController

- (IBAction)loginWithTouchID:(id)sender {
    LAContext *context = [[LAContext alloc] init];
    [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics
            localizedReason:@"Log in with Touch ID"
                      reply:^(BOOL success, NSError *error) {
        if (success) {
            dispatch_async(dispatch_get_main_queue(), ^{
                [SessionManager sharedManager].loggedIn = YES;
                [self performSegueWithIdentifier:@"showHome" sender:self];
            });
        }
    }];
}

@end
