#if canImport(COpenSSL)
internal import COpenSSL
#endif

/// An `embedded.mobileprovision`: a CMS SignedData message whose content is the profile,
/// an XML property list (`Entitlements`, `ProvisionedDevices`, `ExpirationDate`, …).
///
/// The content is taken out with OpenSSL's CMS decoder. Apple's signature over it is not
/// checked: the audit reads what the app ships, it does not decide whether Apple signed it.
public enum ProvisioningProfile {
    /// The profile's property list bytes.
    public static func content(of bytes: [UInt8], name: String) throws(AppBundleError) -> [UInt8] {
        #if canImport(COpenSSL)
        guard !bytes.isEmpty, bytes.count <= 16 << 20 else {
            throw AppBundleError(.malformedProfile, "\(name): \(bytes.count) bytes is not the size of a provisioning profile")
        }
        let message: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_CMS_ContentInfo(nil, &cursor, buffer.count)
        }
        guard let message else {
            ERR_clear_error()
            throw AppBundleError(.malformedProfile, "\(name) is not a CMS message")
        }
        defer { CMS_ContentInfo_free(message) }
        guard let slot = CMS_get0_content(message), let octets = slot.pointee, let data = ASN1_STRING_get0_data(octets) else {
            throw AppBundleError(.malformedProfile, "\(name) is a CMS message without content")
        }
        let length = Int(ASN1_STRING_length(octets))
        return Array(UnsafeBufferPointer(start: data, count: max(length, 0)))
        #else
        throw AppBundleError(.malformedProfile, "\(name): reading provisioning profiles needs OpenSSL (Linux)")
        #endif
    }
}
