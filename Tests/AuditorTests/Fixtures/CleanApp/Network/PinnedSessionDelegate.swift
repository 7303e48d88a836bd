import CryptoKit
import Foundation
import Security

/// SPKI pinning with a backup pin: the system evaluates the chain first, a mismatch
/// cancels, and only challenges for other hosts get default handling.
final class PinnedSessionDelegate: NSObject, URLSessionDelegate {
    private let pinnedHost = "api.cleanapp.com"
    private let pinnedKeyHashes: Set<String> = [
        "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
        "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=",
    ]

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              challenge.protectionSpace.host == pinnedHost,
              let serverTrust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(serverTrust, &error),
              let chain = SecTrustCopyCertificateChain(serverTrust) as? [SecCertificate] else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        let serverHashes = chain.compactMap(spkiHash)
        if serverHashes.contains(where: pinnedKeyHashes.contains) {
            completionHandler(.useCredential, URLCredential(trust: serverTrust))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }

    private func spkiHash(_ certificate: SecCertificate) -> String? {
        guard let key = SecCertificateCopyKey(certificate),
              let spki = SubjectPublicKeyInfo(key: key) else { return nil }
        return Data(SHA256.hash(data: spki.derEncoded)).base64EncodedString()
    }
}

enum API {
    static let baseURL = URL(string: "https://api.cleanapp.com/v2")!
    static let localMockURL = URL(string: "http://localhost:8080/v2")!
    static let svgNamespace = "http://www.w3.org/2000/svg"
}
