import AuditKit

extension StorageSecretInCookie {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func rememberLogin(password: String, site: URL, until expiry: Date) {
                    let properties: [HTTPCookiePropertyKey: Any] = [
                        .domain: site.host ?? "", .path: "/", .name: "password", .value: password, .expires: expiry,
                    ]
                    guard let cookie = ↓HTTPCookie(properties: properties) else { return }
                    HTTPCookieStorage.shared.setCookie(cookie)
                    let session = ↓HTTPCookie(properties: [
                        HTTPCookiePropertyKey.name: "sid", HTTPCookiePropertyKey.value: sessionToken,
                        HTTPCookiePropertyKey.maximumAge: "2592000",
                    ])
                    HTTPCookieStorage.shared.setCookie(session!)
                }
                """),
            .swift(
                """
                // A session cookie (no expiry: kept in memory only), and a persistent one that holds a preference.
                func setCookies(token: String, site: URL, expiry: Date) {
                    let session = HTTPCookie(properties: [.domain: site.host!, .path: "/", .name: "session", .value: token])
                    let theme = HTTPCookie(properties: [.domain: site.host!, .path: "/", .name: "theme", .value: "dark", .expires: expiry])
                    HTTPCookieStorage.shared.setCookies([session!, theme!], for: site, mainDocumentURL: nil)
                }
                """),
            .objectiveC(
                """
                - (void)setSharedCookies {
                    NSDictionary *passwordProperties = @{
                        NSHTTPCookieDomain : siteURL.host,
                        NSHTTPCookiePath : siteURL.path,
                        NSHTTPCookieName : @"password",
                        NSHTTPCookieValue : self.password,
                        NSHTTPCookieExpires : expireDate
                    };
                    NSHTTPCookie *passwordCookie = [[NSHTTPCookie alloc] ↓initWithProperties:passwordProperties];
                    NSHTTPCookie *themeCookie = [NSHTTPCookie cookieWithProperties:@{ NSHTTPCookieName : @"theme", NSHTTPCookieValue : @"dark", NSHTTPCookieExpires : expireDate }];
                    NSHTTPCookie *sessionCookie = [NSHTTPCookie cookieWithProperties:@{ NSHTTPCookieName : @"token", NSHTTPCookieValue : token }];
                    [[NSHTTPCookieStorage sharedHTTPCookieStorage] setCookies:@[passwordCookie, themeCookie, sessionCookie] forURL:siteURL mainDocumentURL:nil];
                }
                """),
        ]
    }
}
