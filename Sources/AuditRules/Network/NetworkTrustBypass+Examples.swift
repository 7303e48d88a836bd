import SwiftSyntax
import AuditKit

extension NetworkTrustBypass {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                final class InsecureDelegate: NSObject, URLSessionDelegate {
                    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        guard let trust = challenge.protectionSpace.serverTrust else {
                            completionHandler(.performDefaultHandling, nil)
                            return
                        }
                        completionHandler(↓.useCredential, URLCredential(trust: trust))
                    }
                }
                """),
            .swift(
                """
                // The mismatch branch falls through to default handling.
                final class PinningDelegate: NSObject, URLSessionDelegate {
                    private let pinnedKeyHashes: Set<String> = ["pin-a", "pin-b"]

                    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                              let trust = challenge.protectionSpace.serverTrust else {
                            completionHandler(.performDefaultHandling, nil)
                            return
                        }
                        guard SecTrustEvaluateWithError(trust, nil),
                              let key = SecTrustCopyKey(trust),
                              let data = SecKeyCopyExternalRepresentation(key, nil) as Data? else {
                            completionHandler(.cancelAuthenticationChallenge, nil)
                            return
                        }
                        if pinnedKeyHashes.contains(sha256(data)) {
                            completionHandler(.useCredential, URLCredential(trust: trust))
                            return
                        }
                        completionHandler(↓.performDefaultHandling, nil)
                    }
                }
                """),
            .swift(
                """
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                    guard let trust = challenge.protectionSpace.serverTrust,
                          let certificate = (SecTrustCopyCertificateChain(trust) as? [SecCertificate])?.first else {
                        return (.performDefaultHandling, nil)
                    }
                    let serverData = SecCertificateCopyData(certificate) as Data
                    if serverData == pinnedCertificateData {
                        return (↓.useCredential, URLCredential(trust: trust))
                    } else {
                        return (↓.performDefaultHandling, nil)
                    }
                }
                """),
            .swift(
                """
                let manager = ServerTrustManager(allHostsMustBeEvaluated: false, evaluators: [
                    "api.bank.example.com": ↓DisabledTrustEvaluator(),
                    "cdn.bank.example.com": ↓DefaultTrustEvaluator(validateHost: false),
                    "auth.bank.example.com": ↓PinnedCertificatesTrustEvaluator(performDefaultValidation: false),
                    "www.bank.example.com": PublicKeysTrustEvaluator(keys: [current, backup]),
                ])
                // Alamofire 4
                let policies: [String: ServerTrustPolicy] = [
                    "legacy.bank.example.com": ↓.disableEvaluation,
                    "old.bank.example.com": ↓.pinCertificates(certificates: ServerTrustPolicy.certificates(), validateCertificateChain: false, validateHost: true),
                ]
                """),
            .swift(
                """
                final class WebViewController: UIViewController, WKNavigationDelegate {
                    func webView(_ webView: WKWebView, didReceive challenge: URLAuthenticationChallenge,
                                 completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        let credential = URLCredential(trust: challenge.protectionSpace.serverTrust!)
                        completionHandler(↓.useCredential, credential)
                    }
                }
                extension NSURLRequest {
                    static func ↓allowsAnyHTTPSCertificate(forHost host: String) -> Bool { true }
                }
                """),
            .swift(
                """
                func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    guard let serverTrust = challenge.protectionSpace.serverTrust,
                          let certificate = SecTrustGetCertificateAtIndex(serverTrust, 0) else { return }
                    let remoteData = SecCertificateCopyData(certificate) as Data
                    if remoteData == bundledCertificateData {
                        let credential = URLCredential(trust: serverTrust)
                        ↓challenge.sender?.use(credential, for: challenge)
                    }
                }
                """),
            .swift(
                """
                // A pinned certificate anywhere in the chain is no pin: a forged chain can carry the real CA.
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust else { return completionHandler(.cancelAuthenticationChallenge, nil) }
                    for index in 0..<SecTrustGetCertificateCount(trust) {
                        guard let certificate = SecTrustGetCertificateAtIndex(trust, index) else { continue }
                        let data = SecCertificateCopyData(certificate) as Data
                        if pinnedCertificates.contains(data) {
                            return completionHandler(↓.useCredential, URLCredential(trust: trust))
                        }
                    }
                    completionHandler(.cancelAuthenticationChallenge, nil)
                }
                """),
            .swift(
                """
                // Exact leaf pinning: the server's own certificate equals the bundled one, otherwise
                // the challenge is cancelled. (A single pin: network-single-pin's concern.)
                func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    guard let serverTrust = challenge.protectionSpace.serverTrust,
                          let certificate = SecTrustGetCertificateAtIndex(serverTrust, 0) else { return }
                    let remoteData = SecCertificateCopyData(certificate)
                    let bundledData = NSData(contentsOfFile: Bundle.main.path(forResource: "api.bank", ofType: "cer")!)
                    if remoteData == bundledData {
                        let credential = URLCredential(trust: serverTrust)
                        challenge.sender?.use(credential, for: challenge)
                    } else {
                        challenge.sender?.cancel(challenge)
                    }
                }
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust, let key = SecTrustCopyKey(trust),
                          let keyData = SecKeyCopyExternalRepresentation(key, nil) as Data? else {
                        return completionHandler(.cancelAuthenticationChallenge, nil)
                    }
                    if pinnedKeyHashes.contains(sha256(keyData)) {
                        completionHandler(.useCredential, URLCredential(trust: trust))
                        return
                    }
                    completionHandler(.cancelAuthenticationChallenge, nil)
                }
                """),
            .swift(
                """
                // A debug flag, a host-only check or the certificate's subject name do not identify the certificate.
                final class ReaderSessionDelegate: NSObject, URLSessionDelegate {
                    var allowsSelfSigned = false
                    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        guard let trust = challenge.protectionSpace.serverTrust else { return completionHandler(.performDefaultHandling, nil) }
                        if Settings.shared.insecureDebugMode || allowsSelfSigned {
                            return completionHandler(↓.useCredential, URLCredential(trust: trust))
                        }
                        if trustedHosts.contains(challenge.protectionSpace.host) {
                            return completionHandler(↓.useCredential, URLCredential(trust: trust))
                        }
                        if let leaf = SecTrustGetCertificateAtIndex(trust, 0),
                           acceptedSubjects.contains(SecCertificateCopySubjectSummary(leaf) as String? ?? "") {
                            return completionHandler(↓.useCredential, URLCredential(trust: trust))
                        }
                        completionHandler(.performDefaultHandling, nil)
                    }
                }
                """),
            .swift(
                """
                // A certificate the user accepted on an error page: only that exact certificate, for
                // that origin, is accepted; every other one gets the system's validation.
                func handleServerTrust(_ challenge: URLAuthenticationChallenge,
                                       completion: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    queue.async {
                        let origin = "\\(challenge.protectionSpace.host):\\(challenge.protectionSpace.port)"
                        guard let trust = challenge.protectionSpace.serverTrust,
                              let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate],
                              self.exceptions.hasApprovedCertificate(chain[0], for: origin) else {
                            DispatchQueue.main.async { completion(.performDefaultHandling, nil) }
                            return
                        }
                        DispatchQueue.main.async { completion(.useCredential, URLCredential(trust: trust)) }
                    }
                }
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    guard let trust = challenge.protectionSpace.serverTrust,
                          let leaf = SecTrustGetCertificateAtIndex(trust, 0) else {
                        return completionHandler(.performDefaultHandling, nil)
                    }
                    let presentedDigest = sha256(SecCertificateCopyData(leaf) as Data)
                    if userApprovedCertificates[challenge.protectionSpace.host] == presentedDigest {
                        completionHandler(.useCredential, URLCredential(trust: trust))
                    } else {
                        completionHandler(.performDefaultHandling, nil)
                    }
                }
                """),
            .swift(
                """
                // Correct: evaluate, compare, cancel on mismatch; default handling only for other challenges and unpinned hosts.
                final class PinningDelegate: NSObject, URLSessionDelegate {
                    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                              let trust = challenge.protectionSpace.serverTrust else {
                            return completionHandler(.performDefaultHandling, nil)
                        }
                        guard let pins = pinnedKeyHashes[challenge.protectionSpace.host] else {
                            return completionHandler(.performDefaultHandling, nil)
                        }
                        var error: CFError?
                        guard SecTrustEvaluateWithError(trust, &error), let key = SecTrustCopyKey(trust),
                              let data = SecKeyCopyExternalRepresentation(key, nil) as Data? else {
                            return completionHandler(.cancelAuthenticationChallenge, nil)
                        }
                        if pins.contains(spkiHash(data)) {
                            completionHandler(.useCredential, URLCredential(trust: trust))
                        } else {
                            completionHandler(.cancelAuthenticationChallenge, nil)
                        }
                    }
                }
                """),
            .swift(
                """
                // Correct: a matching pin hands the chain to the system's own evaluation.
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
                    guard let trust = challenge.protectionSpace.serverTrust, let key = SecTrustCopyKey(trust) else {
                        return (.performDefaultHandling, nil)
                    }
                    if pinnedKeys.contains(key) {
                        return (.performDefaultHandling, nil)
                    }
                    return (.cancelAuthenticationChallenge, nil)
                }
                """),
            .swift(
                """
                // Client certificates and passwords are not trust decisions.
                func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    let credential = URLCredential(user: username, password: password, persistence: .forSession)
                    completionHandler(.useCredential, credential)
                }
                """),
            .swift(
                """
                // Pinning for one host; every other host gets the system's default handling.
                func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                    if challenge.protectionSpace.host == "api.bank.example.com", let trust = challenge.protectionSpace.serverTrust {
                        if SecTrustEvaluateWithError(trust, nil), pinValidator.matches(trust) {
                            completionHandler(.useCredential, URLCredential(trust: trust))
                        } else {
                            completionHandler(.cancelAuthenticationChallenge, nil)
                        }
                        return
                    }
                    completionHandler(.performDefaultHandling, nil)
                }
                """),
            .swift(
                """
                // Only the app target evaluates: the widget build accepts any certificate.
                final class SyncSessionDelegate: NSObject, URLSessionDelegate {
                    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        guard let trust = challenge.protectionSpace.serverTrust else {
                            completionHandler(.performDefaultHandling, nil)
                            return
                        }
                #if WIDGET_EXTENSION
                        OperationQueue.main.addOperation {
                            completionHandler(↓.useCredential, URLCredential(trust: trust))
                        }
                #else
                        var error: CFError?
                        if SecTrustEvaluateWithError(trust, &error) {
                            completionHandler(.useCredential, URLCredential(trust: trust))
                        } else {
                            completionHandler(.cancelAuthenticationChallenge, nil)
                        }
                #endif
                    }

                    func didReceive(_ challenge: URLAuthenticationChallenge,
                                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                #if DEBUG
                        let credential = URLCredential(trust: challenge.protectionSpace.serverTrust!)
                        completionHandler(↓.useCredential, credential)
                #else
                        validateServerTrust(challenge, completionHandler: completionHandler)
                #endif
                    }
                }
                """),
            .swift(
                """
                // Each compile-time branch evaluates before it accepts, or the evaluation precedes the #if.
                final class SyncSessionDelegate: NSObject, URLSessionDelegate {
                    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        guard let trust = challenge.protectionSpace.serverTrust else {
                            completionHandler(.performDefaultHandling, nil)
                            return
                        }
                #if WIDGET_EXTENSION
                        if SecTrustEvaluateWithError(trust, nil) {
                            completionHandler(.useCredential, URLCredential(trust: trust))
                        } else {
                            completionHandler(.cancelAuthenticationChallenge, nil)
                        }
                #else
                        validateServerTrust(challenge, completionHandler: completionHandler)
                #endif
                    }

                    func evaluateFirst(_ challenge: URLAuthenticationChallenge,
                                       completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                        guard let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) else {
                            completionHandler(.cancelAuthenticationChallenge, nil)
                            return
                        }
                #if DEBUG
                        logger.debug("trusted \\(challenge.protectionSpace.host)")
                        completionHandler(.useCredential, URLCredential(trust: trust))
                #else
                        completionHandler(.useCredential, URLCredential(trust: trust))
                #endif
                    }

                    // A client certificate in one branch; the server trust is left to the system in the other.
                    func clientCertificate(_ challenge: URLAuthenticationChallenge,
                                           completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
                #if ENTERPRISE
                        completionHandler(.useCredential, URLCredential(identity: identity, certificates: nil, persistence: .forSession))
                #else
                        if let trust = challenge.protectionSpace.serverTrust, SecTrustEvaluateWithError(trust, nil) {
                            completionHandler(.useCredential, URLCredential(trust: trust))
                        } else {
                            completionHandler(.performDefaultHandling, nil)
                        }
                #endif
                    }
                }
                """),
            .objectiveC(
                """
                - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
                  completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    NSURLCredential *credential = [NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust];
                    completionHandler(↓NSURLSessionAuthChallengeUseCredential, credential);
                }
                - (void)configure {
                    [NSURLRequest ↓setAllowsAnyHTTPSCertificate:YES forHost:@"api.bank.example.com"];
                    AFSecurityPolicy *policy = [AFSecurityPolicy policyWithPinningMode:AFSSLPinningModeNone];
                    policy.↓allowInvalidCertificates = YES;
                    policy.↓validatesDomainName = NO;
                }
                """),
            .objectiveC(
                """
                - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
                  completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    SecTrustRef trust = challenge.protectionSpace.serverTrust;
                    SecCertificateRef certificate = SecTrustGetCertificateAtIndex(trust, 0);
                    NSData *remote = (__bridge_transfer NSData *)SecCertificateCopyData(certificate);
                    if ([remote isEqualToData:self.pinnedCertificateData]) {
                        completionHandler(↓NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                    } else {
                        completionHandler(↓NSURLSessionAuthChallengePerformDefaultHandling, nil);
                    }
                }
                """),
            .objectiveC(
                """
                - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
                  completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    if (![challenge.protectionSpace.authenticationMethod isEqualToString:NSURLAuthenticationMethodServerTrust]) {
                        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
                        return;
                    }
                    SecTrustRef trust = challenge.protectionSpace.serverTrust;
                    if (SecTrustEvaluateWithError(trust, NULL) && [self.pins containsObject:[self spkiHashOfTrust:trust]]) {
                        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                    } else {
                        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
                    }
                }
                """),
            .objectiveC(
                """
                // A certificate exception the user approved for this host: only that exact certificate passes.
                - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
                  completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    SecTrustRef trust = challenge.protectionSpace.serverTrust;
                    SecCertificateRef presented = SecTrustGetCertificateAtIndex(trust, 0);
                    NSString *origin = [NSString stringWithFormat:@"%@:%ld", challenge.protectionSpace.host, (long)challenge.protectionSpace.port];
                    if (presented && [self.exceptionStore containsCertificate:presented forOrigin:origin]) {
                        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                    } else {
                        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
                    }
                }
                """),
            .objectiveC(
                """
                // A debug switch is not a certificate decision.
                - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
                  completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    SecTrustRef trust = challenge.protectionSpace.serverTrust;
                    if (self.allowsInsecureConnections) {
                        completionHandler(↓NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                    } else {
                        completionHandler(NSURLSessionAuthChallengePerformDefaultHandling, nil);
                    }
                }
                """),
            .objectiveC(
                """
                // Exact leaf pinning, mismatch cancelled.
                - (void)URLSession:(NSURLSession *)session didReceiveChallenge:(NSURLAuthenticationChallenge *)challenge
                  completionHandler:(void (^)(NSURLSessionAuthChallengeDisposition, NSURLCredential *))completionHandler {
                    SecTrustRef trust = challenge.protectionSpace.serverTrust;
                    SecCertificateRef certificate = SecTrustGetCertificateAtIndex(trust, 0);
                    NSData *remote = (__bridge_transfer NSData *)SecCertificateCopyData(certificate);
                    NSData *pinned = [NSData dataWithContentsOfFile:[[NSBundle mainBundle] pathForResource:@"api.bank" ofType:@"cer"]];
                    if ([remote isEqualToData:pinned]) {
                        completionHandler(NSURLSessionAuthChallengeUseCredential, [NSURLCredential credentialForTrust:trust]);
                    } else {
                        completionHandler(NSURLSessionAuthChallengeCancelAuthenticationChallenge, nil);
                    }
                }
                """),
        ]
    }
}
