import WebKit

/// Shows downloaded PDF and HTML statements in the app.
final class StatementViewer {
    func makeWebView() -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.preferences.setValue(true, forKey: "allowFileAccessFromFileURLs")
        return WKWebView(frame: .zero, configuration: configuration)
    }

    func show(downloaded statement: URL, in webView: WKWebView) {
        webView.loadFileURL(statement, allowingReadAccessTo: statement.deletingLastPathComponent())
    }
}
