import Foundation
import SwiftSyntax
import AuditKit

extension NetworkCleartextURL {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                // A local stand-in for the real server, posting a social security number in the clear.
                final class ProfileUploader {
                    let userURL = ↓"http://localhost:8080/api/user"
                    func submit(name: String, ssnField: UITextField) {
                        var request = URLRequest(url: URL(string: userURL)!)
                        request.httpMethod = "POST"
                        request.httpBody = try? JSONSerialization.data(withJSONObject: ["name": name, "ssn": ssnField.text ?? ""])
                        URLSession.shared.dataTask(with: request).resume()
                    }
                }
                """),
            .swift(
                """
                // A local development server receiving ordinary data is not reported.
                final class ThemeUploader {
                    let devURL = "http://localhost:8080/api/theme"
                    func submit(theme: String) {
                        var request = URLRequest(url: URL(string: devURL)!)
                        request.httpBody = Data(theme.utf8)
                        URLSession.shared.dataTask(with: request).resume()
                    }
                }
                """),
            .objectiveC(
                """
                NSString * const kUserURL = ↓@"http://localhost:8080/igoat/user";
                - (void)submit {
                    NSDictionary *info = @{ @"socialSecurityNumber": self.ssnField.text };
                    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:kUserURL]];
                    [request setHTTPBody:[NSJSONSerialization dataWithJSONObject:info options:0 error:nil]];
                    [NSURLConnection connectionWithRequest:request delegate:self];
                }
                """),
            .swift(
                """
                enum API {
                    static let baseURL = ↓"http://api.vulnerablebank.com/v1"
                }
                func loadStatement(id: String) {
                    let url = URL(string: ↓"http://statements.vulnerablebank.com/\\(id).pdf")!
                    let request = URLRequest(url: url)
                    AF.request(↓"http://legacy.vulnerablebank.com/login", method: .post)
                }
                """),
            .swift(
                """
                // Function-local constants, whatever their names, sent with a bearer token.
                final class TransfersViewController: UIViewController {
                    func loadTransfers(token: String) {
                        let transfersList = ↓"http://api.vulnerablebank.com/transfers"
                        let headers: HTTPHeaders = ["Authorization": "Bearer " + token]
                        AF.request(transfersList, method: .get, headers: headers).responseJSON { _ in }
                    }
                    func createTransfer(token: String, body: Data) {
                        let createTransfer = ↓"http://api.vulnerablebank.com/transfers/new"
                        guard let target = URL(string: createTransfer) else { return }
                        var request = URLRequest(url: target)
                        request.setValue("Bearer \\(token)", forHTTPHeaderField: "Authorization")
                        request.httpBody = body
                        URLSession.shared.dataTask(with: request).resume()
                    }
                }
                """),
            .swift(
                """
                // Local constants that are not requested: a page opened in Safari, a label, a local server.
                final class PromoViewController: UIViewController {
                    func showPromo() {
                        let summerPromo = "http://promo.vulnerablebank.com/summer"
                        UIApplication.shared.open(URL(string: summerPromo)!)
                        let bannerText = "http://promo.vulnerablebank.com/banner"
                        label.text = bannerText
                        let devTodos = "http://localhost:8080/todos"
                        AF.request(devTodos)
                    }
                }
                """),
            .swift(
                """
                struct Environment {
                    var apiHost = ↓"http://staging.vulnerablebank.com"
                    var webEndpoint: URL? { URL(string: ↓"http://help.vulnerablebank.com/faq") }
                }
                """),
            .swift(
                """
                // Not requests or not remote: local servers, XML namespaces, placeholders, scheme checks.
                let local = URL(string: "http://localhost:8080/api")
                let loopback = URL(string: "http://127.0.0.1:3000")
                let printer = URL(string: "http://printer.local/status")
                let namespace = "http://www.w3.org/2000/svg"
                let sample = URL(string: "http://example.com/path")
                let secure = URL(string: "https://api.vulnerablebank.com/v1")
                func isInsecure(_ url: String) -> Bool { url.hasPrefix("http://") }
                let message = "Visit http://vulnerablebank.com for help"
                let dynamic = URL(string: "http://\\(host)/api")
                """),
            .swift(
                """
                // A local stand-in for the server that still sends the password in the query.
                enum AuthEndpoints {
                    static func token(user: String, password: String) -> String {
                        return ↓"http://localhost:8080/api/token?username=\\(user)&password=\\(password)"
                    }
                }
                """),
            .swift(
                """
                // Article links the app only shows in Safari; this file sends no request.
                enum Article {
                    case storage, transport
                    var url: String {
                        switch self {
                        case .storage: return "http://blog.vulnerablebank.com/2013/storage"
                        case .transport: return "http://blog.vulnerablebank.com/2013/transport"
                        }
                    }
                }
                """),
            .swift(
                """
                // Links handed to Safari are not requests of the app, even next to real requests.
                final class HelpViewController: UIViewController {
                    let tutorialUrl: String = "http://blog.vulnerablebank.com/tutorial"
                    @IBAction func openTutorial() {
                        UIApplication.shared.open(URL(string: tutorialUrl)!, options: [:], completionHandler: nil)
                        present(SFSafariViewController(url: URL(string: "http://blog.vulnerablebank.com/faq")!), animated: true)
                    }
                    func refresh() {
                        URLSession.shared.dataTask(with: URL(string: "https://api.vulnerablebank.com/v1/news")!).resume()
                    }
                }
                """),
            .swift(
                """
                func send(card: Card) {
                    guard let url = URL(string: ↓"http://payments.vulnerablebank.com/charge") else { return }
                    post(card, to: url)
                }
                func post(_ card: Card, to url: URL) {
                    var request = URLRequest(url: url)
                    request.httpBody = card.json
                    URLSession.shared.dataTask(with: request).resume()
                }
                """),
            .swift(
                """
                // An endpoint-named value this file only uses as a cookie URL: it sends no request.
                enum CookieConstants {
                    static let endPoint = "http://www.vulnerablebank.com/app"
                }
                func storeSessionCookie(_ cookie: HTTPCookie) {
                    let url = URL(string: CookieConstants.endPoint)!
                    HTTPCookieStorage.shared.setCookies([cookie], for: url, mainDocumentURL: nil)
                }
                """),
            .objectiveC(
                """
                NSString * const kTokenURL = ↓@"http://localhost:8080/auth/token?user=%@&password=%@";
                - (void)loginWithUser:(NSString *)user password:(NSString *)password {
                    NSURL *url = [NSURL URLWithString:[NSString stringWithFormat:kTokenURL, user, password]];
                    [NSURLConnection connectionWithRequest:[NSURLRequest requestWithURL:url] delegate:self];
                }
                """),
            .objectiveC(
                """
                static NSString *const kPrivacyPolicyURL = @"http://www.vulnerablebank.com/privacy";
                static NSString *const kDevServerURL = @"http://localhost:8080/api";
                - (IBAction)showPrivacyPolicy:(id)sender {
                    [[UIApplication sharedApplication] openURL:[NSURL URLWithString:kPrivacyPolicyURL] options:@{} completionHandler:nil];
                    [[UIApplication sharedApplication] openURL:[NSURL URLWithString:@"http://www.vulnerablebank.com/terms"]];
                }
                - (void)refresh {
                    [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:@"https://api.vulnerablebank.com/v1"]] resume];
                }
                """),
            .objectiveC(
                """
                #define kBaseURL ↓@"http://api.vulnerablebank.com/v1"
                static NSString *const kLoginEndpoint = ↓@"http://auth.vulnerablebank.com/login";
                - (void)load {
                    NSURL *url = [NSURL URLWithString:↓@"http://cdn.vulnerablebank.com/terms.html"];
                    [self.webView loadRequest:[NSURLRequest requestWithURL:url]];
                }
                """),
            .objectiveC(
                """
                NSURL *url = [NSURL URLWithString:@"https://api.vulnerablebank.com/v1"];
                NSString *dtd = @"http://www.apple.com/DTDs/PropertyList-1.0.dtd";
                NSLog(@"see http://vulnerablebank.com");
                """),
            .plist(
                "Info.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                    ↓<key>APIBaseURL</key>
                    <string>http://api.vulnerablebank.com</string>
                    <key>SupportURL</key>
                    <string>https://vulnerablebank.com/support</string>
                    <key>DebugServerURL</key>
                    <string>http://localhost:8080</string>
                    <key>HelpPageURL</key>
                    <string>http://help.vulnerablebank.com</string>
                </dict>
                </plist>
                """),
            RuleExample(
                .text(fileName: "Release.xcconfig"),
                """
                // Base URL of the backend
                ↓API_BASE_URL = http:/$()/api.vulnerablebank.com
                CDN_HOST = https:/$()/cdn.vulnerablebank.com
                DEV_URL = http:/$()/localhost:8080
                SUPPORT_PAGE_URL = http:/$()/help.vulnerablebank.com
                """),
        ]
    }
}
