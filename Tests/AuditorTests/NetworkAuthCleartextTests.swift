@testable import AuditKit
@testable import AuditRules
@testable import Auditor
import Foundation
import Testing

/// `network-cleartext-url` judges ordinary URL names by the file they are in: cases across
/// several files that the one-file examples cannot express.
@Suite("Clear-text URLs across files")
struct NetworkAuthCleartextTests {
    func findings(_ files: [String: String]) -> [String] {
        let contents = files.sorted { $0.key < $1.key }.map { (path: $0.key, data: Data($0.value.utf8)) }
        return AuditRunner.audit(contents: contents, rules: [NetworkCleartextURL()]).findings.map { "\($0.file):\($0.range.line)" }
    }

    static let client = """
        final class APIClient {
            func load(_ url: URL) { URLSession.shared.dataTask(with: url).resume() }
        }
        """

    @Test("a link property in a file without requests is not reported, even when another file sends requests")
    func linkElsewhere() {
        let found = findings([
            "App/Links.swift": """
            enum Links {
                case blog
                var url: String { "http://blog.vulnerablebank.com/post" }
            }
            """,
            "App/APIClient.swift": Self.client,
        ])
        #expect(found.isEmpty)
    }

    @Test("an endpoint-named constant is reported wherever it is declared")
    func endpointConstant() {
        let found = findings([
            "App/Config.swift": """
            enum Config {
                static let baseURL = "http://api.vulnerablebank.com/v1"
            }
            """,
            "App/APIClient.swift": Self.client,
        ])
        #expect(found == ["App/Config.swift:2"])
    }

    @Test("URL constants of a shared Objective-C header are reported when the app sends requests or shows web pages, not otherwise")
    func headerConstants() {
        let header = """
            #define kHomePage @"http://vulnerablebank.com"
            #define kArticleURLStorage @"http://blog.vulnerablebank.com/2014/storage"
            static NSString *const kHelpPage = @"http://help.vulnerablebank.com";
            #define kSecureHome @"https://vulnerablebank.com"
            """
        let viewer = """
            - (void)show:(NSString *)url {
                [self.webView loadRequest:[NSURLRequest requestWithURL:[NSURL URLWithString:url]]];
            }
            """
        #expect(findings(["App/Constants.h": header, "App/WebViewer.m": viewer]) == ["App/Constants.h:1", "App/Constants.h:2", "App/Constants.h:3"])
        #expect(findings(["App/Constants.h": header, "App/Colors.m": "- (UIColor *)tint { return [UIColor redColor]; }"]).isEmpty)
    }

    @Test("a plain localhost URL stays silent; one carrying a password in its query is reported")
    func localhost() {
        let found = findings([
            "App/Dev.swift": """
            enum DevEndpoints {
                static let mock = "http://localhost:8080/api"
                static let login = "http://127.0.0.1:8080/token?user=me&pin=1234"
            }
            """
        ])
        #expect(found == ["App/Dev.swift:3"])
    }
}
