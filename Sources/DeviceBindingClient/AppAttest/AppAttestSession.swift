import DeviceBinding
import DeviceTrustCrypto
import Foundation
import SecureStorage

/// The client's App Attest state: the provider, where the key id is kept, and the lock
/// that serialises assertions.
///
/// The key id lives in the Keychain as `afterFirstUnlockThisDeviceOnly`, so it survives app
/// restarts but not a restore onto another device (where the App Attest key does not exist
/// either). Without a keychain it is kept in memory only.
final class AppAttestSession: Sendable {
    static let keyIdItem = "app-attest-key-id"

    let provider: any AppAttestProvider
    let retry: AppAttestRetryPolicy
    private let keychain: Keychain?
    private let memoryKeyId = Locked<String?>(nil)
    private let assertions = AsyncSerialLock()

    init(provider: any AppAttestProvider, keychain backend: (any KeychainBackend)?, retry: AppAttestRetryPolicy) {
        self.provider = provider
        self.retry = retry
        keychain = backend.map { Keychain(service: "DeviceTrust.AppAttest", accessibility: .afterFirstUnlockThisDeviceOnly, backend: $0) }
    }

    /// The key id of the enrolled App Attest key, if any.
    func storedKeyId() throws -> String? {
        guard let keychain else { return memoryKeyId.withLock { $0 } }
        return try keychain.loadIfPresent(for: Self.keyIdItem).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Keeps `keyId` as the enrolled key's (`nil` forgets it).
    func storeKeyId(_ keyId: String?) throws {
        guard let keychain else {
            memoryKeyId.withLock { $0 = keyId }
            return
        }
        if let keyId {
            try keychain.save(Data(keyId.utf8), for: Self.keyIdItem)
        } else {
            try keychain.delete(for: Self.keyIdItem)
        }
    }

    /// A new key attested over the enrollment binding of `payload` and the keys: retried
    /// with the same key and hash while Apple is unavailable, with one new key when the
    /// first is refused as invalid.
    func attest(payload: Data, deviceKey: P256.Signing.PublicKey, biometricKey: P256.Signing.PublicKey?) async throws -> AppAttestRegistration {
        guard provider.isSupported else {
            throw DeviceTrustClientError(
                .appAttestUnsupported,
                "App Attest is not available here (simulator, app extension or older device); enroll without it only where the server runs --app-attest optional"
            )
        }
        let hash = AppAttestEnrollmentBinding.clientDataHash(signingPayload: payload, deviceKey: deviceKey, biometricKey: biometricKey)
        for keyAttempt in 1...2 {
            let keyId = try await classified { try await provider.generateKey() }
            do {
                let attestation = try await retrying { try await provider.attestKey(keyId, clientDataHash: hash) }
                return AppAttestRegistration(keyId: keyId, attestation: Base64URL.encode(attestation))
            } catch let error as DeviceTrustClientError where error.code == .appAttestKeyInvalid && keyAttempt == 1 {
                continue  // a key refused at once: one new key, then give up
            }
        }
        throw DeviceTrustClientError(.appAttestKeyInvalid, "App Attest refused two new keys in a row")
    }

    /// Runs `send` with an assertion over `payload` by the enrolled key (or `nil` when none
    /// is enrolled), one call at a time, so the server sees the counters in order. An
    /// invalid key is forgotten: the device must enroll again.
    func withAssertion<T: Sendable>(over payload: Data, _ send: @Sendable (String?) async throws -> T) async throws -> T {
        try await assertions.run {
            guard let keyId = try self.storedKeyId() else { return try await send(nil) }
            let hash = Data(SHA256.hash(data: payload))
            let assertion: Data
            do {
                assertion = try await self.retrying { try await self.provider.generateAssertion(keyId, clientDataHash: hash) }
            } catch let error as DeviceTrustClientError where error.code == .appAttestKeyInvalid {
                try? self.storeKeyId(nil)
                throw error
            }
            return try await send(Base64URL.encode(assertion))
        }
    }

    /// `call`, retried per ``retry`` while it fails with `serverUnavailable`.
    private func retrying<T>(_ call: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await classified(call)
            } catch let error as DeviceTrustClientError where error.code == .appAttestRateLimited && attempt < retry.maxAttempts {
                try await Task.sleep(for: retry.delay(after: attempt))
                attempt += 1
            }
        }
    }

    /// `call`, with the provider's classified failures turned into client errors.
    private func classified<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let failure as any AppAttestProviderFailure {
            switch failure.appAttestFailure {
            case .serverUnavailable:
                throw DeviceTrustClientError(.appAttestRateLimited, "Apple's App Attest service is unavailable or rate-limiting this device; try again later")
            case .invalidKey:
                throw DeviceTrustClientError(
                    .appAttestKeyInvalid, "the App Attest key is not valid (unknown, already attested, or restored from another device); enroll again")
            case .featureUnsupported:
                throw DeviceTrustClientError(.appAttestUnsupported, "App Attest is not available on this device")
            case .invalidInput, .unknownSystemFailure:
                throw failure
            }
        }
    }
}
