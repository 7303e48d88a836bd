import Foundation
import Security

/// Leaf pinning with a backup: the server's own certificate must equal one of the two
/// bundled ones, otherwise the challenge is cancelled.
final class LeafPinningDelegate: NSObject, URLSessionDelegate {
    private let pinnedCertificates: [Data] = ["api-current", "api-backup"].compactMap { name in
        Bundle.main.url(forResource: name, withExtension: "cer").flatMap { try? Data(contentsOf: $0) }
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let trust = challenge.protectionSpace.serverTrust,
              let leaf = (SecTrustCopyCertificateChain(trust) as? [SecCertificate])?.first else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        let serverData = SecCertificateCopyData(leaf) as Data
        if pinnedCertificates.contains(serverData) {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
