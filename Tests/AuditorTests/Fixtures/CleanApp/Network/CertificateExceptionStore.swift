import Foundation
import Security

/// Certificates the user chose to trust on the "this connection is not private" page, one
/// exact certificate per host and port. Anything else gets the system's validation.
final class CertificateExceptionStore {
    private var approved: [String: Set<Data>] = [:]
    private let lock = NSLock()

    func approve(_ certificate: SecCertificate, origin: String) {
        lock.lock(); defer { lock.unlock() }
        approved[origin, default: []].insert(SecCertificateCopyData(certificate) as Data)
    }

    func hasApproved(_ certificate: SecCertificate, origin: String) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return approved[origin]?.contains(SecCertificateCopyData(certificate) as Data) ?? false
    }
}

final class BrowserTabNavigationHandler: NSObject {
    private let exceptions: CertificateExceptionStore

    init(exceptions: CertificateExceptionStore) {
        self.exceptions = exceptions
    }

    func handleServerTrust(_ challenge: URLAuthenticationChallenge,
                           completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let space = challenge.protectionSpace
            let origin = "\(space.host):\(space.port)"
            guard let trust = space.serverTrust,
                  let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate],
                  let presented = chain.first,
                  self.exceptions.hasApproved(presented, origin: origin) else {
                DispatchQueue.main.async { completionHandler(.performDefaultHandling, nil) }
                return
            }
            DispatchQueue.main.async { completionHandler(.useCredential, URLCredential(trust: trust)) }
        }
    }
}
