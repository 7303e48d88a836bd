import Alamofire
import Foundation

/// "Temporary" code for the staging server's self-signed certificate that shipped.
final class StagingSessionDelegate: NSObject, URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        if let trust = challenge.protectionSpace.serverTrust {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }
}

enum APISession {
    static let trustManager = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: [
        "staging.vulnerablebank.com": DisabledTrustEvaluator(),
        "api.vulnerablebank.com": PublicKeysTrustEvaluator(keys: [Certificates.apiKey]),
    ])

    static let session = Session(serverTrustManager: trustManager)
}
