import AppleSurfaceRuntime
import DeviceEmulator
import DeviceTrustCrypto
import Foundation
import SecureStorage

/// An ``EmulatedSecureEnclave`` as CryptoKit's `SecureEnclave.P256.Signing` sees it.
struct EmulatedSurfaceSecureEnclave: SurfaceSecureEnclave {
    let enclave: EmulatedSecureEnclave
    let authentication: @Sendable (SurfaceSession) -> AuthenticationContext

    var isAvailable: Bool { true }

    func generateSigningKey(accessControl: SurfaceAccessControl) throws -> (dataRepresentation: Data, publicKey: Data) {
        let key = try enclave.generateSigningKey(accessControl: AccessControl(rawValue: accessControl.flags))
        return (key.dataRepresentation, key.publicKey.x963Representation)
    }

    func publicKey(dataRepresentation: Data) throws -> Data {
        try enclave.signingKey(dataRepresentation: dataRepresentation).publicKey.x963Representation
    }

    func sign(_ data: Data, dataRepresentation: Data, session: SurfaceSession?) throws -> Data {
        try enclave.signingKey(dataRepresentation: dataRepresentation)
            .signature(for: data, authenticationContext: session.map(authentication), operationPrompt: nil).rawRepresentation
    }
}
