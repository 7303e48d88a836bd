import Foundation

/// Shared by the app and its share extension. The app build checks the server trust; the
/// extension build was given a shortcut that accepts any certificate.
final class ShareExtensionSessionDelegate: NSObject, URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
#if SHARE_EXTENSION
        completionHandler(.useCredential, URLCredential(trust: serverTrust))
#else
        verifyServerTrust(serverTrust, host: challenge.protectionSpace.host, completionHandler: completionHandler)
#endif
    }

    private func verifyServerTrust(_ trust: SecTrust, host: String,
                                   completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        var error: CFError?
        if SecTrustEvaluateWithError(trust, &error) {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
