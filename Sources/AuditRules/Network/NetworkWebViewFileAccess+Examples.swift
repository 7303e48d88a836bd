import AuditKit

extension NetworkWebViewFileAccess {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func makeWebView() -> WKWebView {
                    let webView = WKWebView(frame: .zero)
                    ↓webView.configuration.preferences.setValue(true, forKey: "allowFileAccessFromFileURLs")
                    let configuration = WKWebViewConfiguration()
                    ↓configuration.setValue(true, forKey: "allowUniversalAccessFromFileURLs")
                    return webView
                }
                """),
            .swift(
                """
                // Switched off explicitly, and a bundled page loaded with read access scoped to its folder.
                func makeHelpView(page: URL) -> WKWebView {
                    let webView = WKWebView(frame: .zero)
                    webView.configuration.preferences.setValue(false, forKey: "allowFileAccessFromFileURLs")
                    webView.loadFileURL(page, allowingReadAccessTo: page.deletingLastPathComponent())
                    return webView
                }
                """),
            .swift(
                """
                // The only file:// page is the app's own bundled web app, read access scoped to its bundle.
                func makeCallView() -> WKWebView {
                    let configuration = WKWebViewConfiguration()
                    configuration.preferences.setValue(true, forKey: "allowFileAccessFromFileURLs")
                    return WKWebView(frame: .zero, configuration: configuration)
                }
                func load(_ page: URL, in webView: WKWebView) {
                    webView.loadFileURL(page, allowingReadAccessTo: CallBundle.bundle.bundleURL)
                }
                """),
            .objectiveC(
                """
                - (void)configure:(WKWebViewConfiguration *)configuration {
                    [configuration.preferences ↓setValue:@YES forKey:@"allowFileAccessFromFileURLs"];
                    [configuration ↓setValue:@(YES) forKey:@"allowUniversalAccessFromFileURLs"];
                    [configuration.preferences setValue:@NO forKey:@"javaScriptCanOpenWindowsAutomatically"];
                }
                """),
        ]
    }
}
