#import <Foundation/Foundation.h>

@implementation RememberMeCookie

- (void)rememberPassword:(NSString *)password forSite:(NSURL *)site {
    NSDictionary *properties = @{
        NSHTTPCookieDomain : site.host,
        NSHTTPCookiePath : @"/",
        NSHTTPCookieName : @"remember_password",
        NSHTTPCookieValue : password,
        NSHTTPCookieExpires : [NSDate dateWithTimeIntervalSinceNow:30 * 24 * 3600]
    };
    NSHTTPCookie *cookie = [NSHTTPCookie cookieWithProperties:properties];
    [[NSHTTPCookieStorage sharedHTTPCookieStorage] setCookie:cookie];
}

@end
