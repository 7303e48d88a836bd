import Foundation

/// What the declared Apple surface runs on: the device behind `SecItem…`, `LAContext`,
/// `DCAppAttestService` and `SecureEnclave.P256`. The surface modules only declare Apple's API
/// and translate Apple's objects into the plain values below; a device (the emulated one, in
/// `AppleSurfaceEmulation`) decides every outcome.
public protocol SurfaceDevice: Sendable {
    /// `SecItemAdd`, with `SecAccessControl` values turned into ``SurfaceAccessControl`` and
    /// `LAContext` values into their ``SurfaceSession``.
    func keychainAdd(_ attributes: [String: Any]) -> Int32
    /// `SecItemCopyMatching`; the result as Swift values (`Data`, `[String: Any]`, arrays).
    func keychainCopyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?)
    /// `SecItemUpdate`.
    func keychainUpdate(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32
    /// `SecItemDelete`.
    func keychainDelete(_ query: [String: Any]) -> Int32

    /// The local authentication of one `LAContext`, made on its first use.
    func localAuthentication(for session: SurfaceSession) -> any SurfaceLocalAuthentication

    /// The App Attest service of the app (`DCAppAttestService.shared`).
    var appAttest: any SurfaceAppAttest { get }

    /// The Secure Enclave of the device.
    var secureEnclave: any SurfaceSecureEnclave { get }

    /// Whether the platform's own trust evaluation passes for `chain` (DER, leaf first) and
    /// `hostname` (`SecTrustEvaluateWithError`).
    func evaluateServerTrust(chain: [Data], hostname: String?) -> Bool
}

/// A `SecAccessControl` as plain values: its protection class (`kSecAttrAccessible…`
/// string) and its `SecAccessControlCreateFlags` bits.
public struct SurfaceAccessControl: Sendable, Hashable {
    /// The `kSecAttrAccessible…` value, e.g. `"akpu"`.
    public let protection: String
    /// The `SecAccessControlCreateFlags` raw value.
    public let flags: UInt

    /// Pairs a protection class with flags.
    public init(protection: String, flags: UInt) {
        self.protection = protection
        self.flags = flags
    }
}

/// The identity of one `LAContext` as the device sees it, with a slot where the device keeps
/// its own state for that context (made once, on first use).
public final class SurfaceSession: @unchecked Sendable {
    private let lock = NSLock()
    private var attachment: (any Sendable)?

    /// A new identity.
    public init() {}

    /// The device's state for this context: `make()`'s value, made on the first call.
    public func attachment<T: Sendable>(_ make: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let existing = attachment as? T { return existing }
        let made = make()
        attachment = made
        return made
    }
}

/// Anything that carries a ``SurfaceSession`` into a keychain query (`LAContext`).
public protocol SurfaceSessionCarrier: AnyObject {
    /// The context's identity.
    var surfaceSession: SurfaceSession { get }
}

/// `LAContext`'s behaviour, with Apple's raw values: `LAPolicy` and `LABiometryType` numbers,
/// `LAError.Code` numbers.
public protocol SurfaceLocalAuthentication: Sendable {
    /// `canEvaluatePolicy(_:error:)`: `nil` when it can, else the `LAError` code.
    func canEvaluatePolicy(_ policy: Int) -> Int?
    /// `biometryType`, as `LABiometryType`'s raw value.
    var biometryType: Int { get }
    /// `evaluatePolicy(_:localizedReason:)`: `nil` on success, else the `LAError` code.
    func evaluatePolicy(_ policy: Int, localizedReason: String) async -> Int?
    /// `evaluatedPolicyDomainState`.
    var evaluatedPolicyDomainState: Data? { get }
    /// `touchIDAuthenticationAllowableReuseDuration`.
    var reuseDuration: TimeInterval { get nonmutating set }
    /// `interactionNotAllowed`.
    var interactionNotAllowed: Bool { get nonmutating set }
    /// `invalidate()`.
    func invalidate()
}

/// `DCAppAttestService`'s behaviour; failures carry `DCError.Code` raw values.
public protocol SurfaceAppAttest: Sendable {
    /// `isSupported`.
    var isSupported: Bool { get }
    /// `generateKey()`.
    func generateKey() async -> Result<String, SurfaceDeviceCheckFailure>
    /// `attestKey(_:clientDataHash:)`.
    func attestKey(_ keyId: String, clientDataHash: Data) async -> Result<Data, SurfaceDeviceCheckFailure>
    /// `generateAssertion(_:clientDataHash:)`.
    func generateAssertion(_ keyId: String, clientDataHash: Data) async -> Result<Data, SurfaceDeviceCheckFailure>
}

/// A DeviceCheck failure: the `DCError.Code` raw value.
public struct SurfaceDeviceCheckFailure: Error, Sendable, Hashable {
    /// `DCError.Code.rawValue`.
    public let code: Int

    /// A failure with `code`.
    public init(code: Int) { self.code = code }
}

/// The Secure Enclave's behaviour for `SecureEnclave.P256.Signing.PrivateKey`.
public protocol SurfaceSecureEnclave: Sendable {
    /// Whether the device has one (`SecureEnclave.isAvailable`).
    var isAvailable: Bool { get }
    /// A new key: its `dataRepresentation` and its public key (x9.63).
    func generateSigningKey(accessControl: SurfaceAccessControl) throws -> (dataRepresentation: Data, publicKey: Data)
    /// The public key (x9.63) of the key whose handle is `dataRepresentation`.
    func publicKey(dataRepresentation: Data) throws -> Data
    /// The raw (r ‖ s) ECDSA signature of SHA-256(`data`), after the prompt the key's access
    /// control demands, authenticated by `session` when given.
    func sign(_ data: Data, dataRepresentation: Data, session: SurfaceSession?) throws -> Data
}

/// The general pasteboard's behaviour (`UIPasteboard.general.setItems(_:options:)` with one
/// text item).
public protocol SurfacePasteboard: Sendable {
    /// Replaces the pasteboard's contents with `text`.
    func setText(_ text: String, localOnly: Bool, expiration: Date?)
}

/// Where `os.Logger` writes: one rendered line (private values already `<private>`).
public protocol SurfaceLogSink: Sendable {
    /// Records `message` of `subsystem`/`category` at `level` (`OSLogType`'s raw value).
    func log(subsystem: String, category: String, level: UInt8, message: String)
}

/// The optional parts of a ``SurfaceDevice``: none by default.
public protocol SurfaceDeviceExtras {
    /// The device's general pasteboard; `nil`: copies go nowhere.
    var pasteboard: (any SurfacePasteboard)? { get }
    /// The device's unified log; `nil`: lines go nowhere.
    var logSink: (any SurfaceLogSink)? { get }
}
