import SwiftSyntax
import AuditKit

/// Server-trust challenges answered so that any certificate passes: `.useCredential`
/// without evaluating the trust, a pin mismatch that falls back to default handling,
/// disabled Alamofire evaluators, `allowsAnyHTTPSCertificate`, AFNetworking's
/// `allowInvalidCertificates`.
struct NetworkTrustBypass: AuditRule {
    let metadata = RuleMetadata(
        id: "network-trust-bypass",
        title: "TLS server trust is not verified (certificate validation bypass)",
        severity: .critical,
        category: .network,
        masvs: "MASVS-NETWORK-1",
        rationale: "A server-trust challenge completed with .useCredential and URLCredential(trust:) before SecTrustEvaluateWithError has succeeded accepts any certificate — self-signed, expired, for another host — so anyone on the network can read and alter the traffic. A pinning delegate whose mismatch branch ends in .performDefaultHandling accepts every certificate a trusted CA issued, including a proxy CA the user (or an attacker, or an MDM profile) installed: the pin check only chooses which branch runs. Disabled Alamofire evaluators, allowsAnyHTTPSCertificate and AFNetworking's allowInvalidCertificates turn validation off outright.",
        fix: "Evaluate first: SecTrustEvaluateWithError(trust, &error) must succeed before anything else; then compare the pin, and on a mismatch call completionHandler(.cancelAuthenticationChallenge, nil). Use .performDefaultHandling only for challenges that are not server trust or hosts you do not pin. DeviceTrust's PinningPolicy does this (SPKI SHA-256 pins, default validation first, cancel on mismatch, report-only mode)."
    )

    let skipsTestCode = true

    let triggers = [
        "useCredential", "UseCredential", "URLCredential", "performDefaultHandling", "PerformDefaultHandling", "DisabledTrustEvaluator", "DisabledEvaluator",
        "disableEvaluation", "AllowsAnyHTTPSCertificate", "allowsAnyHTTPSCertificate", "allowInvalidCertificates", "validatesDomainName",
        "kCFStreamSSLValidatesCertificateChain", "validateHost", "validateCertificateChain", "performDefaultValidation",
    ]

    let examples: [RuleExample] = [
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .swift("""
        // Client certificates and passwords are not trust decisions.
        func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
            let credential = URLCredential(user: username, password: password, persistence: .forSession)
            completionHandler(.useCredential, credential)
        }
        """),
        .swift("""
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
        .swift("""
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
        .swift("""
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
        .objectiveC("""
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
        .objectiveC("""
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
        .objectiveC("""
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
        .objectiveC("""
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
        .objectiveC("""
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
        .objectiveC("""
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

    func check(_ file: ScannedFile, project: ProjectFacts) -> [Match] {
        // Test code, mocks and previews are not shipped.
        return switch file {
        case .swift(let swift): checkSwift(swift)
        case .objectiveC(let objc): checkObjectiveC(objc)
        default: []
        }
    }

    // MARK: Swift

    private static let evaluations: Set<String> = ["SecTrustEvaluateWithError", "SecTrustEvaluate", "SecTrustEvaluateAsyncWithError", "SecTrustEvaluateAsync", "SecTrustEvaluateFastAsync"]
    static let pinFunctions: Set<String> = [
        "SecCertificateCopyData", "SecTrustCopyCertificateChain", "SecTrustGetCertificateAtIndex", "SecCertificateCopyKey",
        "SecTrustCopyKey", "SecTrustCopyPublicKey", "SecKeyCopyExternalRepresentation",
    ]
    private static let dispositionBases: Set<String> = ["URLSession.AuthChallengeDisposition", "AuthChallengeDisposition"]

    private func checkSwift(_ file: SwiftFile) -> [Match] {
        var matches: [Match] = []
        // Functions of this file that evaluate a trust: calling them counts as evaluating.
        var evaluatingFunctions: Set<String> = []
        for call in file.index.calls where Self.evaluations.contains(call.calleeName) {
            if let function = call.enclosingFunctionDecl { evaluatingFunctions.insert(function.name.text) }
        }
        let declaredFunctions = Set(file.index.functions.map(\.name.text))
        for member in file.index.memberAccesses {
            let name = member.declName.baseName.text
            guard name == "useCredential" || name == "performDefaultHandling" else { continue }
            if let base = member.base?.trimmedDescription, !Self.dispositionBases.contains(base) { continue }
            guard let scope = member.enclosingFunctionDecl.map(Syntax.init) ?? member.enclosingBody else { continue }
            if name == "useCredential" {
                guard trustCredential(in: scope, reaching: member),
                      !evaluates(scope, evaluatingFunctions: evaluatingFunctions, declared: declaredFunctions, for: member),
                      !isLeafPinned(member, scope: scope), !isCertificateException(member, scope: scope) else { continue }
                matches.append(Match(file.range(of: member), ".useCredential with URLCredential(trust:) without a successful SecTrustEvaluateWithError: any certificate, even self-signed or for another host, is accepted"))
            } else if fallsBackAfterMismatch(member, scope: scope) {
                matches.append(Match(file.range(of: member), "after a pin mismatch the challenge falls back to .performDefaultHandling: any certificate a trusted CA issued, including a user-installed proxy CA, is accepted"))
            }
        }
        for call in file.index.calls {
            let name = call.calleeName
            if name == "DisabledTrustEvaluator" || name == "DisabledEvaluator" {
                matches.append(Match(file.range(of: call), "\(name) accepts any certificate for this host"))
            } else if call.argument("validateHost")?.trimmedDescription == "false" {
                matches.append(Match(file.range(of: call), "\(name)(validateHost: false) accepts a valid certificate issued for any other host"))
            } else if call.argument("validateCertificateChain")?.trimmedDescription == "false" || call.argument("performDefaultValidation")?.trimmedDescription == "false" {
                matches.append(Match(file.range(of: call), "\(name) skips the default chain validation: a chain that merely contains the pinned (public) certificate passes"))
            } else if name == "setAllowsAnyHTTPSCertificate", call.arguments.first?.expression.trimmedDescription == "true" {
                matches.append(Match(file.range(of: call), "setAllowsAnyHTTPSCertificate turns off certificate validation for the host"))
            } else if name == "use", let scope = call.enclosingFunctionDecl.map(Syntax.init) ?? call.enclosingBody,
                      let argument = call.arguments.first?.expression, isTrustCredential(argument, in: scope), !isLeafPinned(call, scope: scope),
                      !isCertificateException(call, scope: scope),
                      !evaluates(scope, evaluatingFunctions: evaluatingFunctions, declared: declaredFunctions, for: call) {
                matches.append(Match(file.range(of: call), "the challenge sender uses URLCredential(trust:) without SecTrustEvaluateWithError: any certificate is accepted"))
            }
        }
        for member in file.index.memberAccesses where member.declName.baseName.text == "disableEvaluation" {
            matches.append(Match(file.range(of: member), ".disableEvaluation accepts any certificate for this host"))
        }
        for function in file.index.functions where function.name.text == "allowsAnyHTTPSCertificate" {
            guard let body = function.body, body.statements.trimmedDescription.contains("true") else { continue }
            matches.append(Match(file.range(of: function.name), "allowsAnyHTTPSCertificate(forHost:) returning true turns off certificate validation"))
        }
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                  let target = elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text else { continue }
            let value = elements[2].trimmedDescription
            if target == "allowInvalidCertificates" && value == "true" || target == "validatesDomainName" && value == "false" {
                matches.append(Match(file.range(of: sequence), "\(target) = \(value) turns off certificate validation"))
            }
        }
        for dictionary in file.index.dictionaries {
            guard case .elements(let elements) = dictionary.content else { continue }
            for element in elements where KeychainQuery.constantName(element.key) == "kCFStreamSSLValidatesCertificateChain" {
                let value = element.value.trimmedDescription
                if value == "false" || value == "kCFBooleanFalse" || value.hasPrefix("kCFBooleanFalse") {
                    matches.append(Match(file.range(of: element), "kCFStreamSSLValidatesCertificateChain = false turns off certificate validation for the stream"))
                }
            }
        }
        return matches
    }

    /// Whether `expression` is `URLCredential(trust:)` or a variable of the scope
    /// initialised with one.
    private func isTrustCredential(_ expression: ExprSyntax, in scope: Syntax) -> Bool {
        if let call = expression.as(FunctionCallExprSyntax.self) { return call.calleeName == "URLCredential" && call.argument("trust") != nil }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        for declaration in scope.descendants(VariableDeclSyntax.self) {
            for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.calleeName == "URLCredential", call.argument("trust") != nil {
                    return true
                }
            }
        }
        return false
    }

    /// Whether the scope builds a `URLCredential(trust:)` compiled together with `use`
    /// (not in another clause of an `#if`).
    private func trustCredential(in scope: Syntax, reaching use: some SyntaxProtocol) -> Bool {
        scope.descendants(FunctionCallExprSyntax.self).contains {
            $0.calleeName == "URLCredential" && $0.argument("trust") != nil && !CompileBranches.exclusive($0, use)
        }
    }

    /// Whether the scope evaluates the trust (or hands it to code that may): a
    /// SecTrustEvaluate call whose result is used, a local function that evaluates, or a
    /// validator defined elsewhere that receives the trust (unknown: stay silent). An
    /// evaluation in another clause of an `#if` than `use` is never compiled with it.
    private func evaluates(_ scope: Syntax, evaluatingFunctions: Set<String>, declared: Set<String>, for use: some SyntaxProtocol) -> Bool {
        for call in scope.descendants(FunctionCallExprSyntax.self) where !CompileBranches.exclusive(call, use) {
            let name = call.calleeName
            if name == "SecTrustEvaluateWithError" {
                // A discarded result is no evaluation.
                var node = Syntax(call)
                while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
                let discarded = node.parent?.is(CodeBlockItemSyntax.self) == true || node.parent?.is(ExpressionStmtSyntax.self) == true
                    || (node.parent?.as(SequenceExprSyntax.self)?.elements.first?.is(DiscardAssignmentExprSyntax.self) == true)
                if !discarded { return true }
                continue
            }
            if Self.evaluations.contains(name) || evaluatingFunctions.contains(name) { return true }
            if ["evaluate", "handle", "validate"].contains(name) { return true }
            // A validator from elsewhere that receives the trust may evaluate it.
            let lowered = name.lowercased()
            if !name.hasPrefix("Sec"), name != "URLCredential", !declared.contains(name),
               ["evaluat", "validat", "verif", "check", "trust", "pin", "handle", "valid"].contains(where: { lowered.contains($0) }),
               call.arguments.contains(where: { argument in
                   let text = argument.expression.trimmedDescription
                   return text == "trust" || text == "serverTrust" || text.hasSuffix(".serverTrust") || text == "challenge"
               }) {
                return true
            }
        }
        return false
    }

    private static let scopeWords = ["authenticationmethod", "host", "domain"]

    /// Whether this `.performDefaultHandling` runs when a pin did not match.
    private func fallsBackAfterMismatch(_ member: MemberAccessExprSyntax, scope: Syntax) -> Bool {
        guard hasPinEvidence(scope) else { return false }
        let conditions = BranchCondition.around(member, in: scope)
        for condition in conditions {
            let lowered = condition.text.lowercased()
            let negated = isNegated(condition.text)
            if Self.scopeWords.contains(where: { lowered.contains($0) }) {
                // Another challenge type or an unpinned host: default handling is right.
                switch condition.side {
                case .fails: return false
                case .holds: if negated { return false }
                case .within: if lowered.contains("default") { return false }
                }
                continue
            }
            guard condition.side != .within else { continue }
            if isPinComparison(condition.text) {
                return (condition.side == .holds && negated) || (condition.side == .fails && !negated)
            }
            // A failed precondition (no trust, no certificate): not a pin decision.
            if condition.side == .fails { return false }
        }
        // Falls through at the end of a delegate that also accepts or cancels.
        let dispositions = Set(scope.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text))
        return dispositions.contains("useCredential") || dispositions.contains("cancelAuthenticationChallenge")
    }

    private func hasPinEvidence(_ scope: Syntax) -> Bool {
        if scope.descendants(FunctionCallExprSyntax.self).contains(where: { Self.pinFunctions.contains($0.calleeName) }) { return true }
        let names = scope.descendants(DeclReferenceExprSyntax.self).map(\.baseName.text)
            + scope.descendants(MemberAccessExprSyntax.self).map(\.declName.baseName.text)
        return names.contains(where: Self.isPinName)
    }

    static func isPinName(_ name: String) -> Bool {
        let words = SecretNames.splitWords(name)
        return words.contains { ["pin", "pins", "pinned", "pinning", "fingerprint", "fingerprints", "spki"].contains($0) }
    }

    private func isPinComparison(_ text: String) -> Bool {
        if text.contains("==") || text.contains("!=") || text.contains("contains(") || text.contains("isEqual") || text.contains("elementsEqual") { return true }
        let words = SecretNames.splitWords(text.filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "." })
        return words.contains { ["pin", "pins", "pinned", "fingerprint", "hash", "matches", "match"].contains($0) }
    }

    func isNegated(_ text: String) -> Bool {
        let trimmed = text.trimmingPrefix(while: { $0 == " " || $0 == "(" })
        return trimmed.hasPrefix("!") || text.contains("!=") || text.contains("== false")
    }

    // MARK: Objective-C

    private static let objcEvaluations: Set<String> = ["SecTrustEvaluateWithError", "SecTrustEvaluate", "SecTrustEvaluateAsyncWithError", "SecTrustEvaluateAsync", "evaluateServerTrust"]

    private func checkObjectiveC(_ file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
            let argument = index + 2 < tokens.count ? tokens[index + 2].text : ""
            switch token.text {
            case "NSURLSessionAuthChallengeUseCredential", "useCredential":
                guard token.text != "useCredential" || next == ":", let body = file.bodyRange(containing: index) else { continue }
                let bodyTokens = tokens[body]
                guard bodyTokens.contains(where: { $0.text == "credentialForTrust" || $0.text == "initWithTrust" }),
                      !bodyTokens.contains(where: { Self.objcEvaluations.contains($0.text) }) else { continue }
                // A validator method that receives the trust may evaluate it: stay silent.
                if bodyTokens.contains(where: { ["evaluateServerTrust", "validateTrust", "evaluate"].contains($0.text) }) { continue }
                // The exact leaf compared with a pinned copy, the mismatch cancelled: pinning.
                if objcIsLeafPinned(tokens, at: index, body: body) || objcIsCertificateException(tokens, at: index, body: body) { continue }
                matches.append(Match(file.range(of: token), "\(token.text) with credentialForTrust: without SecTrustEvaluateWithError: any certificate is accepted"))
            case "NSURLSessionAuthChallengePerformDefaultHandling":
                if objcFallsBack(tokens, at: index, body: file.bodyRange(containing: index)) {
                    matches.append(Match(file.range(of: token), "after a pin mismatch the challenge falls back to default handling: any certificate a trusted CA issued is accepted"))
                }
            case "setAllowsAnyHTTPSCertificate" where next == ":" && (argument == "YES" || argument == "true"):
                matches.append(Match(file.range(of: token), "setAllowsAnyHTTPSCertificate:YES turns off certificate validation for the host"))
            case "allowsAnyHTTPSCertificateForHost" where index > 0 && tokens[index - 1].text == ")":
                guard let brace = tokens[index...].firstIndex(where: { $0.text == "{" || $0.text == ";" }), tokens[brace].text == "{",
                      let body = file.bodyRange(containing: brace) else { continue }
                if tokens[body].contains(where: { $0.text == "YES" }) {
                    matches.append(Match(file.range(of: token), "allowsAnyHTTPSCertificateForHost: returning YES turns off certificate validation"))
                }
            case "allowInvalidCertificates" where next == "=" && (argument == "YES" || argument == "true"):
                matches.append(Match(file.range(of: token), "allowInvalidCertificates = YES accepts invalid certificates"))
            case "validatesDomainName" where next == "=" && (argument == "NO" || argument == "false"):
                matches.append(Match(file.range(of: token), "validatesDomainName = NO accepts a certificate issued for any host"))
            case "kCFStreamSSLValidatesCertificateChain":
                let window = tokens[(index + 1)..<min(tokens.count, index + 8)]
                let stop = window.firstIndex(where: { $0.text == "," || $0.text == "}" || $0.text == ";" }) ?? window.endIndex
                if tokens[(index + 1)..<stop].contains(where: { ["kCFBooleanFalse", "NO", "false"].contains($0.text) }) {
                    matches.append(Match(file.range(of: token), "kCFStreamSSLValidatesCertificateChain = NO turns off certificate validation for the stream"))
                }
            default:
                break
            }
        }
        return matches
    }

    private func objcFallsBack(_ tokens: [ObjectiveCToken], at index: Int, body: Range<Int>?) -> Bool {
        guard let body else { return false }
        let bodyTokens = tokens[body]
        let pinEvidence = bodyTokens.contains { token in
            token.kind == .identifier && (Self.pinFunctions.contains(token.text) || Self.isPinName(token.text))
        }
        guard pinEvidence else { return false }
        if let control = ObjectiveCSyntax.controllingIf(tokens, at: index) {
            let condition = tokens[control.condition]
            if condition.contains(where: { ["authenticationMethod", "host"].contains($0.text) }) { return false }
            let pin = condition.contains { ["isEqualToData", "isEqual", "isEqualToString", "containsObject"].contains($0.text) || Self.isPinName($0.text) }
                || zip(condition, condition.dropFirst()).contains { ($0.text == "=" || $0.text == "!") && $1.text == "=" }
            guard pin else { return false }
            let negated = condition.first?.text == "!" || zip(condition, condition.dropFirst()).contains { $0.text == "!" && $1.text == "=" }
            return control.isElse != negated
        }
        // At method level: a fall-through after the pin check, in a method that never
        // scopes itself to server trust or hosts.
        let before = tokens[body.lowerBound..<index]
        return before.contains(where: { $0.text == "NSURLSessionAuthChallengeUseCredential" })
            && !before.contains(where: { ["authenticationMethod", "host"].contains($0.text) })
    }
}
