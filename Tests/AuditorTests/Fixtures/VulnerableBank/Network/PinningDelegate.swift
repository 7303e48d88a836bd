import CryptoKit
import Foundation
import Security

/// Public-key pinning for the API. Two bugs: one pin and no backup, and a mismatch that
/// falls through to default handling, so a proxy CA the user trusts is accepted.
final class PinningDelegate: NSObject, URLSessionDelegate {
    private let pinnedKeyHash = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        if SecTrustEvaluateWithError(serverTrust, nil),
           let serverKey = SecTrustCopyKey(serverTrust),
           let keyData = SecKeyCopyExternalRepresentation(serverKey, nil) as Data? {
            let serverHash = Data(SHA256.hash(data: keyData)).base64EncodedString()
            if serverHash == pinnedKeyHash {
                completionHandler(.useCredential, URLCredential(trust: serverTrust))
                return
            }
        }
        completionHandler(.performDefaultHandling, nil)
    }
}
