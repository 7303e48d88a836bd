import Foundation

extension AppAttestVerifier {
    /// The App Attest environment a key was made in, named by the aaguid of its
    /// authenticator data. Apps from TestFlight, the App Store or Enterprise distribution
    /// always use ``production``.
    public enum Environment: String, Sendable, Hashable, CaseIterable {
        /// Apple's production environment: aaguid `appattest` followed by seven 0x00 bytes.
        case production
        /// The development environment (the entitlement's `development` value): aaguid
        /// `appattestdevelop`.
        case development

        /// The exact 16-byte aaguid that marks an attestation made in this environment.
        public var aaguid: Data {
            switch self {
            case .production: return Data("appattest".utf8) + Data(repeating: 0, count: 7)
            case .development: return Data("appattestdevelop".utf8)
            }
        }
    }
}
