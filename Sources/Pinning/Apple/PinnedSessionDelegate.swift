// Apple platforms only: the Security framework does not exist on Linux. On Linux the file
// is compiled and run against the declared Apple surface (Tests/AppleSurface, which defines
// DEVICETRUST_APPLE_SURFACE). Keep it thin: every decision is made by `PinningPolicy`, which
// is tested on every platform.
#if canImport(Security) && canImport(Foundation) && (os(iOS) || os(macOS) || os(tvOS) || os(visionOS) || DEVICETRUST_APPLE_SURFACE)
import Foundation
import Security
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `URLSessionDelegate` that pins server certificates with a ``PinningPolicy``.
///
/// For a server-trust challenge it first runs the platform's trust evaluation
/// (`SecTrustEvaluateWithError`), then hands the chain (DER, leaf first) to the policy:
/// - a pinned host whose chain the policy allows gets `.useCredential` with the trust;
/// - any rejection (untrusted chain, pin mismatch, unparsable certificate) cancels the
///   challenge — a mismatch never falls back to `.performDefaultHandling`;
/// - unpinned hosts, and challenges other than server trust, get `.performDefaultHandling`.
///
/// Not covered: `WKWebView` and `SFSafariViewController` load through their own stacks.
@available(iOS 15, macOS 12, tvOS 15, visionOS 1, *)
public final class PinnedSessionDelegate: NSObject, URLSessionDelegate, Sendable {
    /// The policy that decides on every server-trust challenge.
    public let policy: PinningPolicy

    /// A delegate that pins with `policy`.
    public init(policy: PinningPolicy) {
        self.policy = policy
        super.init()
    }

    /// Answers server-trust challenges by the policy (see the type's documentation).
    public func urlSession(
        _ session: URLSession,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let space = challenge.protectionSpace
        guard space.authenticationMethod == NSURLAuthenticationMethodServerTrust,
            let trust = space.serverTrust,
            policy.isPinned(host: space.host)
        else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        let systemTrustPassed = SecTrustEvaluateWithError(trust, nil)
        let certificates = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
        let chain = certificates.map { SecCertificateCopyData($0) as Data }
        switch policy.evaluate(host: space.host, chain: chain, systemTrustPassed: systemTrustPassed) {
        case .allow:
            completionHandler(.useCredential, URLCredential(trust: trust))
        case .reject:
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
#endif
