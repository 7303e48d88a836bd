import DeviceBinding
import Foundation
import SecureStorage
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app side of DeviceTrust: enrolls the device's hardware keys with the server and
/// answers the server's one-time challenges with them, over URLSession.
///
/// A biometric approval is a signature by a key that only biometry unlocks, over a payload
/// the server issued for one device, key, purpose and action. Before any key signs, the
/// client parses the payload and refuses (``DeviceTrustClientError/Code/payloadMismatch``)
/// unless it is exactly what the app asked for, so neither the server nor anyone between
/// can get the user to approve something else.
///
/// ```swift
/// let client = DeviceTrustClient(baseURL: URL(string: "https://trust.example.com")!)
/// let device = try await client.enroll(
///     enrollmentId: id, signingPayload: payload, deviceName: "Anna's iPhone", platform: .ios,
///     deviceKey: deviceKey, biometricKey: biometricKey, pin: pin)
/// let token = try await client.approve(action: ["type": "transfer", "amount": 25], deviceId: device.deviceId)
/// ```
///
/// Errors: the server's refusals are thrown as `Problem` (branch on its `code`, and show
/// `attemptsRemaining` after `pin_invalid`); a key's own errors (such as
/// `KeychainError.userCanceled` or, after a new fingerprint, `.authenticationFailed`) are
/// rethrown unchanged; everything else is a ``DeviceTrustClientError``. No error carries a
/// PIN, a token or a signature.
public final class DeviceTrustClient: Sendable {
    /// The server's base URL, e.g. `https://trust.example.com`.
    public let baseURL: URL
    let api: APIRequests
    private let keys: Locked<BoundKeys>
    /// App Attest, when the client was given a provider.
    let appAttest: AppAttestSession?
    /// What the local wipe removes besides the keys.
    let localData: LocalDeviceData?

    /// A client of the server at `baseURL`.
    /// - Parameters:
    ///   - session: the session requests go through; `URLSession.shared` by default.
    ///   - deviceKey: the enrolled device key, when the app already enrolled (load it from
    ///     the keychain at launch); ``enroll(enrollmentId:signingPayload:deviceName:platform:deviceKey:biometricKey:pin:)``
    ///     sets it otherwise.
    ///   - biometricKey: the enrolled biometric key, likewise.
    ///   - appAttest: App Attest (``SystemAppAttestProvider`` on a device). With it,
    ///     enrollment attests a new App Attest key over the enrollment payload and the
    ///     enrolled keys (`AppAttestEnrollmentBinding`), and every challenge response
    ///     carries an assertion, one at a time. Without it, the client sends neither.
    ///   - appAttestKeychain: where the App Attest key id is kept
    ///     (`afterFirstUnlockThisDeviceOnly`, service `DeviceTrust.AppAttest`): by default
    ///     the system keychain on Apple platforms, memory elsewhere.
    ///   - appAttestRetry: how attestations are retried while Apple is unavailable.
    ///   - localData: what ``wipeLocalData()`` removes besides the keys and the App Attest
    ///     key id, after a removal or a `device_revoked` answer (``LocalDeviceData``).
    ///   - allowsInsecureHTTP: lets the client send to an `http://` base URL whose host is
    ///     not loopback. By default every call to such a URL fails with
    ///     ``DeviceTrustClientError/Code/insecureTransport`` before anything is sent; use
    ///     `https://` (`http://` to `localhost`, 127.0.0.0/8 or `::1` is always allowed).
    public convenience init(
        baseURL: URL, session: URLSession = .shared, deviceKey: (any DeviceKey)? = nil, biometricKey: (any DeviceKey)? = nil,
        appAttest: (any AppAttestProvider)? = nil, appAttestKeychain: (any KeychainBackend)? = nil,
        appAttestRetry: AppAttestRetryPolicy = .default, localData: LocalDeviceData? = nil, allowsInsecureHTTP: Bool = false
    ) {
        self.init(
            baseURL: baseURL, transport: URLSessionTransport(session: session), deviceKey: deviceKey, biometricKey: biometricKey,
            appAttest: appAttest, appAttestKeychain: appAttestKeychain, appAttestRetry: appAttestRetry, localData: localData,
            allowsInsecureHTTP: allowsInsecureHTTP)
    }

    init(
        baseURL: URL, transport: any HTTPTransport, deviceKey: (any DeviceKey)? = nil, biometricKey: (any DeviceKey)? = nil,
        appAttest: (any AppAttestProvider)? = nil, appAttestKeychain: (any KeychainBackend)? = nil,
        appAttestRetry: AppAttestRetryPolicy = .default, localData: LocalDeviceData? = nil, allowsInsecureHTTP: Bool = false
    ) {
        self.localData = localData
        self.baseURL = baseURL
        api = APIRequests(baseURL: baseURL, transport: transport, allowsInsecureHTTP: allowsInsecureHTTP)
        keys = Locked(BoundKeys(deviceKey: deviceKey, biometricKey: biometricKey))
        self.appAttest = appAttest.map { provider in
            AppAttestSession(provider: provider, keychain: appAttestKeychain ?? Self.systemKeychain, retry: appAttestRetry)
        }
    }

    /// The system keychain where there is one.
    private static var systemKeychain: (any KeychainBackend)? {
        #if canImport(Security)
        SystemKeychainBackend()
        #else
        nil
        #endif
    }

    /// The key of `kind` the client signs with.
    /// - Throws: `Problem` `device_revoked` after the local wipe (the device was removed or
    ///   revoked; it answers so until it enrolls again);
    ///   ``DeviceTrustClientError/Code/keyUnavailable`` when it holds no such key.
    func key(_ kind: KeyKind) throws -> any DeviceKey {
        let (key, wiped) = keys.withLock { (kind == .device ? $0.deviceKey : $0.biometricKey, $0.wiped) }
        if wiped {
            throw Problem(code: .deviceRevoked, detail: "this device was removed or revoked and its keys wiped from the phone; enroll again")
        }
        guard let key else {
            throw DeviceTrustClientError(.keyUnavailable, "the client holds no \(kind.rawValue) key; enroll first or pass the key at init")
        }
        return key
    }

    /// Replaces the keys the client signs with.
    func updateKeys(_ change: (inout BoundKeys) -> Void) {
        keys.withLock { change(&$0) }
    }
}
