import DeviceTrustCrypto
import Foundation
import SecureStorage

/// An emulated `DCAppAttestService` for one app on one device: it generates App Attest
/// keys, attests each once through an ``AppAttestAuthority``, and signs assertions with
/// a counter, producing the same CBOR and authenticator data bytes as a real device.
public final class EmulatedAppAttestService: Sendable {
    /// Which App Attest environment the app's entitlement names.
    public enum Environment: Sendable, Hashable {
        /// aaguid `appattestdevelop`.
        case development
        /// aaguid `appattest` followed by seven zero bytes.
        case production

        var aaguid: [UInt8] {
            switch self {
            case .development: Array("appattestdevelop".utf8)
            case .production: Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
            }
        }
    }

    private struct AttestKey {
        let privateKey: P256.Signing.PrivateKey
        var attested = false
        var counter: UInt32 = 0
    }

    /// `TEAMID.bundle.id`.
    public let appID: String
    /// The environment of the attestations.
    public let environment: Environment
    /// Whether authenticator data carries the extension map iOS 27 appends after the COSE
    /// key (`apple_bundle_version_01`, `apple_validation_category_01`), without the ED flag.
    public let appendsValidationExtensions: Bool
    /// Whether App Attest works on this emulated device (`false`: the simulator, an
    /// extension, an old device); when `false`, every call fails with `featureUnsupported`.
    public let isSupported: Bool
    private let authority: AppAttestAuthority
    private let keys = Locked<[String: AttestKey]>([:])
    private let faults = Locked(Faults())

    /// What the service does wrong on purpose, and what it was asked.
    private struct Faults {
        var unavailableAttestations = 0
        var receiptFault: ReceiptFault?
        var attestationRequests: [AttestationRequest] = []
    }

    /// A receipt that does not belong to the attestation it comes with, as a man in the
    /// middle who keeps a genuine receipt would send.
    public enum ReceiptFault: Sendable, Hashable {
        /// The receipt names another app.
        case anotherApp
        /// The receipt names another key's credential certificate.
        case anotherKey
    }

    /// Makes the next attestation carry a receipt with `fault` (once).
    public func misissueNextReceipt(_ fault: ReceiptFault) {
        faults.withLock { $0.receiptFault = fault }
    }

    /// One `attestKey` call as received, failed or not.
    public struct AttestationRequest: Sendable, Hashable {
        /// The key identifier passed.
        public let keyId: String
        /// The client data hash passed.
        public let clientDataHash: Data
    }

    /// A service for `appID` whose attestations `authority` certifies.
    public init(
        appID: String, environment: Environment, authority: AppAttestAuthority, appendsValidationExtensions: Bool = false,
        isSupported: Bool = true
    ) {
        self.appID = appID
        self.environment = environment
        self.authority = authority
        self.appendsValidationExtensions = appendsValidationExtensions
        self.isSupported = isSupported
    }

    /// Makes the next `count` `attestKey` calls fail with `serverUnavailable`, as Apple's
    /// rate limit does.
    public func failNextAttestations(_ count: Int) {
        faults.withLock { $0.unavailableAttestations = max(0, count) }
    }

    /// Every `attestKey` call so far, in order.
    public var attestationRequests: [AttestationRequest] { faults.withLock { $0.attestationRequests } }

    /// Forgets `keyId`, as a key lost to a restore onto another device: later calls with it
    /// fail with `invalidKey`.
    public func invalidateKey(_ keyId: String) {
        _ = keys.withLock { $0.removeValue(forKey: keyId) }
    }

    /// A new key; returns its identifier as `generateKey` does: standard base64 of
    /// SHA-256 of the 65-byte public point.
    public func generateKey() -> String {
        let privateKey = P256.Signing.PrivateKey()
        let keyID = Data(SHA256.hash(data: privateKey.publicKey.x963Representation)).base64EncodedString()
        keys.withLock { $0[keyID] = AttestKey(privateKey: privateKey) }
        return keyID
    }

    /// The attestation object for `keyId` over `clientDataHash`, as `attestKey` returns
    /// it: CBOR `{fmt, attStmt: {x5c, receipt}, authData}`. A key is attested once.
    public func attestKey(_ keyId: String, clientDataHash: Data) throws(EmulatedAttestationError) -> Data {
        try checkSupported()
        let unavailable = faults.withLock { faults in
            faults.attestationRequests.append(AttestationRequest(keyId: keyId, clientDataHash: clientDataHash))
            guard faults.unavailableAttestations > 0 else { return false }
            faults.unavailableAttestations -= 1
            return true
        }
        if unavailable { throw EmulatedAttestationError(.serverUnavailable, "the attestation service is unavailable; retry later") }
        let privateKey = try keys.withLock { (keys) throws(EmulatedAttestationError) -> P256.Signing.PrivateKey in
            guard var key = keys[keyId] else { throw EmulatedAttestationError(.invalidKey, "no App Attest key \(keyId)") }
            guard !key.attested else { throw EmulatedAttestationError(.alreadyAttested, "key \(keyId) was attested already") }
            key.attested = true
            keys[keyId] = key
            return key.privateKey
        }
        let publicKey = privateKey.publicKey
        let keyID = [UInt8](SHA256.hash(data: publicKey.x963Representation))
        let authData = authenticatorData(counter: 0) + attestedCredential(keyID: keyID, point: [UInt8](publicKey.x963Representation))
        let nonce = [UInt8](SHA256.hash(data: Data(authData) + clientDataHash))
        let credential = try authority.credentialCertificate(
            publicKeyInfo: [UInt8](publicKey.derRepresentation), keyID: keyID, nonce: nonce, appID: appID
        )
        let receiptFault = faults.withLock { faults in
            defer { faults.receiptFault = nil }
            return faults.receiptFault
        }
        var receiptAppID = appID
        var receiptCertificate = credential
        switch receiptFault {
        case .anotherApp: receiptAppID = "ABCDE00000.com.example.other"
        case .anotherKey:
            let other = P256.Signing.PrivateKey().publicKey
            receiptCertificate = try authority.credentialCertificate(
                publicKeyInfo: [UInt8](other.derRepresentation), keyID: [UInt8](SHA256.hash(data: other.x963Representation)), nonce: nonce, appID: appID)
        case nil: break
        }
        let object = CBORItem.map([
            (.text("fmt"), .text("apple-appattest")),
            (
                .text("attStmt"),
                .map([
                    (.text("x5c"), .array([.bytes(credential.der), .bytes(authority.intermediateCertificate.der)])),
                    (
                        .text("receipt"),
                        .bytes(
                            try authority.receipt(
                                appID: receiptAppID, credentialCertificate: receiptCertificate, clientHash: [UInt8](clientDataHash),
                                environment: environment == .production ? "production" : "sandbox"))
                    ),
                ])
            ),
            (.text("authData"), .bytes(authData)),
        ])
        return Data(object.encoded)
    }

    /// An assertion for `keyId` over `clientDataHash` (SHA-256 of the client data), as
    /// `generateAssertion` returns it: CBOR `{signature, authenticatorData}`. The counter
    /// grows by one per assertion.
    public func generateAssertion(_ keyId: String, clientDataHash: Data) throws(EmulatedAttestationError) -> Data {
        try checkSupported()
        guard clientDataHash.count == 32 else {
            throw EmulatedAttestationError(.invalidInput, "clientDataHash must be 32 bytes, not \(clientDataHash.count)")
        }
        let (privateKey, counter) = try keys.withLock { (keys) throws(EmulatedAttestationError) -> (P256.Signing.PrivateKey, UInt32) in
            guard var key = keys[keyId] else { throw EmulatedAttestationError(.invalidKey, "no App Attest key \(keyId)") }
            guard key.attested else { throw EmulatedAttestationError(.notAttested, "key \(keyId) has not been attested") }
            key.counter += 1
            keys[keyId] = key
            return (key.privateKey, key.counter)
        }
        let authData = authenticatorData(counter: counter)
        let nonce = Data(SHA256.hash(data: Data(authData) + clientDataHash))
        let signature: P256.Signing.ECDSASignature
        do { signature = try privateKey.signature(for: nonce) } catch {
            throw EmulatedAttestationError(.invalidKey, "signing failed: \(error)")
        }
        let assertion = CBORItem.map([
            (.text("signature"), .bytes([UInt8](signature.derRepresentation))),
            (.text("authenticatorData"), .bytes(authData)),
        ])
        return Data(assertion.encoded)
    }

    private func checkSupported() throws(EmulatedAttestationError) {
        guard isSupported else { throw EmulatedAttestationError(.featureUnsupported, "App Attest is not supported on this device") }
    }

    /// rpIdHash ‖ flags ‖ counter (big-endian); flags 0x40 (AT) on attestation, as real
    /// devices set it, and 0x40 on assertions too (UP is never set).
    private func authenticatorData(counter: UInt32) -> [UInt8] {
        [UInt8](SHA256.hash(data: Data(appID.utf8))) + [0x40] + withUnsafeBytes(of: counter.bigEndian, Array.init)
    }

    /// aaguid ‖ credentialIdLength ‖ credentialId ‖ COSE key [‖ extension map].
    private func attestedCredential(keyID: [UInt8], point: [UInt8]) -> [UInt8] {
        let coseKey = CBORItem.map([
            (.unsigned(1), .unsigned(2)),  // kty: EC2
            (.unsigned(3), .negative(-7)),  // alg: ES256
            (.negative(-1), .unsigned(1)),  // crv: P-256
            (.negative(-2), .bytes(Array(point[1...32]))),
            (.negative(-3), .bytes(Array(point[33...64]))),
        ])
        var bytes = environment.aaguid + [0x00, UInt8(keyID.count)] + keyID + coseKey.encoded
        if appendsValidationExtensions {
            bytes +=
                CBORItem.map([
                    (.text("apple_bundle_version_01"), .text("1")),
                    (.text("apple_validation_category_01"), .bytes([0x01, 0x00, 0x00, 0x00])),
                ]).encoded
        }
        return bytes
    }

}
