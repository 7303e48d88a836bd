import AppleSurfaceEmulation
import AppleSurfaceRuntime
import Foundation
import Pinning
import SecureStorage
import Security
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `PinnedSessionDelegate` (Pinning's own Apple file) answering server-trust challenges built
/// with the declared Security and Foundation pieces.
@Suite("PinnedSessionDelegate on the declared surface")
struct PinningSurfaceTests {
    let host = "api.example.test"

    /// The disposition the delegate, pinning `scene`'s keys, gives a server-trust challenge for `chain`.
    func disposition(
        in scene: PinnedDeployment, chain: [Data], systemTrust: Bool, host challengeHost: String? = nil
    ) throws -> URLSession.AuthChallengeDisposition? {
        let delegate = PinnedSessionDelegate(policy: PinningPolicy([try PinSet(domain: host, pins: scene.pins)]))
        let phone = SurfaceTestPhone(serverTrust: { _, _ in systemTrust })
        let certificates = chain.compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
        var trust: SecTrust?
        #expect(SecTrustCreateWithCertificates(certificates as CFArray, SecPolicyCreateSSL(true, host as CFString), &trust) == errSecSuccess)
        let space = ServerTrustProtectionSpace(host: challengeHost ?? host, port: 443, trust: try #require(trust))
        let challenge = URLAuthenticationChallenge(
            protectionSpace: space, proposedCredential: nil, previousFailureCount: 0, failureResponse: nil, error: nil, sender: NoSender())
        let answer = Locked<URLSession.AuthChallengeDisposition?>(nil)
        SurfaceHost.withDevice(phone.surface) {
            delegate.urlSession(URLSession(configuration: .ephemeral), didReceive: challenge) { disposition, _ in answer.withLock { $0 = disposition } }
        }
        return answer.withLock { $0 }
    }

    @Test("A trusted chain with the pinned leaf key gets useCredential")
    func pinnedChain() throws {
        let scene = try PinnedDeployment()
        #expect(try disposition(in: scene, chain: scene.legitimateChain(host: host), systemTrust: true) == .useCredential)
    }

    @Test("A rogue chain the system trusts is cancelled, never handed to default handling")
    func rogueChain() throws {
        let scene = try PinnedDeployment()
        #expect(try disposition(in: scene, chain: scene.rogueChain(host: host), systemTrust: true) == .cancelAuthenticationChallenge)
    }

    @Test("A pinned chain that fails the platform's trust evaluation is cancelled")
    func untrustedChain() throws {
        let scene = try PinnedDeployment()
        #expect(try disposition(in: scene, chain: scene.legitimateChain(host: host), systemTrust: false) == .cancelAuthenticationChallenge)
    }

    @Test("An unpinned host gets performDefaultHandling")
    func unpinnedHost() throws {
        let scene = try PinnedDeployment()
        #expect(
            try disposition(in: scene, chain: scene.rogueChain(host: "other.example.test"), systemTrust: true, host: "other.example.test")
                == .performDefaultHandling)
    }
}

/// The challenge's sender; the delegate answers through the completion handler only.
private final class NoSender: NSObject, URLAuthenticationChallengeSender {
    func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
    func cancel(_ challenge: URLAuthenticationChallenge) {}
    func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
}
