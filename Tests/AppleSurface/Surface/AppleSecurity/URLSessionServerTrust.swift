#if canImport(FoundationNetworking)
@_exported import FoundationNetworking

// The two server-trust members Foundation has on Apple platforms and not on Linux, where
// they belong to the Security framework's types.

/// The authentication method of a server-trust challenge. Linux's Foundation declares it
/// unavailable; this declaration (in a module that imports FoundationNetworking) shadows it.
/// https://developer.apple.com/documentation/foundation/nsurlauthenticationmethodservertrust
public let NSURLAuthenticationMethodServerTrust: String = "NSURLAuthenticationMethodServerTrust"

extension URLProtectionSpace {
    /// A representation of the server's SSL transaction state.
    /// https://developer.apple.com/documentation/foundation/urlprotectionspace/servertrust
    ///
    /// Here it is the trust of a ``ServerTrustProtectionSpace``, else `nil`.
    public var serverTrust: SecTrust? { (self as? ServerTrustProtectionSpace)?.trust }
}

/// A protection space that carries a server trust, as URLSession hands one to a delegate on
/// Apple platforms (`NSURLAuthenticationMethodServerTrust`).
public final class ServerTrustProtectionSpace: URLProtectionSpace, @unchecked Sendable {
    /// The trust `serverTrust` returns.
    public let trust: SecTrust

    /// A server-trust protection space for `host`:`port` with `trust`.
    public init(host: String, port: Int, trust: SecTrust) {
        self.trust = trust
        super.init(host: host, port: port, protocol: "https", realm: nil, authenticationMethod: NSURLAuthenticationMethodServerTrust)
    }
}

extension URLCredential {
    /// Creates a URL credential instance for server trust authentication.
    /// https://developer.apple.com/documentation/foundation/urlcredential/init(trust:)
    public convenience init(trust: SecTrust) {
        self.init(user: "", password: "", persistence: .none)
    }
}
#endif
