import Foundation
import UIKit

/// "Secure" transfers: the server's leaf certificate is compared with the one bundled
/// certificate. It is pinning, but with a single pin and no backup.
final class CertificatePinningController: UIViewController, NSURLConnectionDelegate {
    private var connection: NSURLConnection?

    func sendTransfer() {
        guard let url = URL(string: "https://transfers.vulnerablebank.com/v1/send") else { return }
        connection = NSURLConnection(request: URLRequest(url: url), delegate: self)
        connection?.start()
    }

    func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        guard let serverTrust = challenge.protectionSpace.serverTrust,
              let certificate = SecTrustGetCertificateAtIndex(serverTrust, 0) else { return }
        let serverCertificateData = SecCertificateCopyData(certificate)
        let bundledCertificateData = NSData(contentsOfFile: Bundle.main.path(forResource: "transfers.vulnerablebank.com", ofType: "cer")!)
        if serverCertificateData == bundledCertificateData {
            challenge.sender?.use(URLCredential(trust: serverTrust), for: challenge)
        } else {
            challenge.sender?.cancel(challenge)
        }
    }
}
