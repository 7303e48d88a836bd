import AppleSurfaceRuntime

/// An object that represents an X.509 certificate.
/// https://developer.apple.com/documentation/security/seccertificate
public final class SecCertificate {
    let der: Data

    init(der: Data) { self.der = der }
}

/// An object that represents a trust policy.
/// https://developer.apple.com/documentation/security/secpolicy
public final class SecPolicy {
    /// The host name an SSL policy checks; `nil` for none.
    let hostname: String?

    init(hostname: String?) { self.hostname = hostname }
}

/// An object used to evaluate trust.
/// https://developer.apple.com/documentation/security/sectrust
public final class SecTrust {
    let certificates: [SecCertificate]
    let policies: [SecPolicy]

    init(certificates: [SecCertificate], policies: [SecPolicy]) {
        self.certificates = certificates
        self.policies = policies
    }
}

/// Creates a certificate object from a DER representation of a certificate.
/// https://developer.apple.com/documentation/security/seccertificatecreatewithdata(_:_:)
///
/// Here any non-empty data is accepted: the chain is parsed by the code under test.
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? {
    let der = data as Data
    return der.isEmpty ? nil : SecCertificate(der: der)
}

/// Returns a DER representation of a certificate given a certificate object.
/// https://developer.apple.com/documentation/security/seccertificatecopydata(_:)
public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData {
    certificate.der as NSData
}

/// Returns a policy object for evaluating SSL certificate chains.
/// https://developer.apple.com/documentation/security/secpolicycreatessl(_:_:)
public func SecPolicyCreateSSL(_ server: Bool, _ hostname: CFString?) -> SecPolicy {
    SecPolicy(hostname: hostname.map(String.init))
}

/// Creates a trust management object based on certificates and policies.
/// https://developer.apple.com/documentation/security/sectrustcreatewithcertificates(_:_:_:)
public func SecTrustCreateWithCertificates(_ certificates: CFTypeRef, _ policies: CFTypeRef?, _ trust: UnsafeMutablePointer<SecTrust?>) -> OSStatus {
    let chain: [SecCertificate]
    if let one = certificates as? SecCertificate {
        chain = [one]
    } else if let many = certificates as? NSArray, let all = Array(many) as? [SecCertificate], !all.isEmpty {
        chain = all
    } else {
        return errSecParam
    }
    var policyList: [SecPolicy] = []
    if let policies {
        if let one = policies as? SecPolicy {
            policyList = [one]
        } else if let many = policies as? NSArray, let all = Array(many) as? [SecPolicy] {
            policyList = all
        } else {
            return errSecParam
        }
    }
    trust.pointee = SecTrust(certificates: chain, policies: policyList)
    return errSecSuccess
}

/// Evaluates trust for the specified certificate and policies.
/// https://developer.apple.com/documentation/security/sectrustevaluatewitherror(_:_:)
///
/// The verdict is the bound device's (``SurfaceDevice/evaluateServerTrust(chain:hostname:)``);
/// without a device it fails closed.
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
    let chain = trust.certificates.map(\.der)
    let passed = SurfaceHost.current?.evaluateServerTrust(chain: chain, hostname: trust.policies.lazy.compactMap(\.hostname).first) ?? false
    if !passed {
        error?.pointee = NSError(domain: NSOSStatusErrorDomain, code: -67843, userInfo: [NSLocalizedDescriptionKey: "certificate is not trusted"])
    }
    return passed
}

/// Returns the certificate trust chain.
/// https://developer.apple.com/documentation/security/sectrustcopycertificatechain(_:)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? {
    trust.certificates as NSArray
}
