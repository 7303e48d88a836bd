#import "LoginViewController.h"

@implementation LoginViewController

- (IBAction)loginTapped:(id)sender {
    NSLog(@"Login tapped for user %@", self.usernameField.text);
    NSLog(@"Password entered: %@", self.passwordField.text);
    [self.authService loginWithUsername:self.usernameField.text
                               password:self.passwordField.text
                             completion:^(NSString *token, NSError *error) {
        NSLog(@"Login finished, token=%@ error=%@", token, error);
    }];
}

@end
