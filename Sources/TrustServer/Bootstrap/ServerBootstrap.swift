import DeviceTrustCrypto
import Foundation
import ServerCredentials
import TrustStore
import TrustStoreSQLite

/// What ``ServerBootstrap/prepare(_:log:)`` made ready: the service, its admin key and
/// where that key is kept.
public struct PreparedServer: Sendable {
    /// The service over the opened database.
    public let service: DeviceTrustService
    /// The admin API key that guards the admin routes.
    public let adminKey: AdminAPIKey
    /// The file holding the admin key (print this path, never the key).
    public let adminKeyFile: URL
    /// The opened store; close it after the server stops.
    public let store: SQLiteTrustStore
}

/// Prepares a data directory: creates it (any missing folder, mode 0700), opens or creates
/// the SQLite database, and loads or creates the token signing key, the PIN pepper and the
/// admin API key, each file mode 0600. Running it again reuses everything.
public enum ServerBootstrap {
    /// Prepares everything `configuration` names.
    /// - Throws: ``BootstrapError`` naming the path and the fix.
    public static func prepare(_ configuration: ServerConfiguration, log: ServiceLog = .discard) throws(BootstrapError) -> PreparedServer {
        do {
            try configuration.service.validate()
        } catch {
            throw BootstrapError(error.reason)
        }
        let attestation = try configuration.attestation.makeConfiguration()
        do {
            try attestation.validate()
        } catch {
            throw BootstrapError(error.reason)
        }
        try OwnerOnlyFiles.createDirectories(configuration.dataDirectoryURL.path)
        let signingKey: P256.Signing.PrivateKey
        let pepper: SymmetricKey
        do {
            signingKey = try SigningKeyFile.loadOrCreate(at: configuration.signingKeyURL)
            pepper = try PepperFile.loadOrCreate(at: configuration.pepperURL)
        } catch {
            throw BootstrapError(error.description)
        }
        let adminKey = try AdminKeyFile.loadOrCreate(at: configuration.adminKeyURL)
        let store: SQLiteTrustStore
        do {
            store = try SQLiteTrustStore(databaseURL: configuration.resolvedDatabaseURL)
        } catch {
            throw BootstrapError("cannot open the database \(configuration.resolvedDatabaseURL): \(error)")
        }
        do {
            let service = try DeviceTrustService(
                store: store, pinHasher: PINHasher(pepper: pepper), tokenSigner: AccessTokenSigner(signingKey: signingKey),
                configuration: configuration.service, log: log, attestation: attestation)
            return PreparedServer(service: service, adminKey: adminKey, adminKeyFile: configuration.adminKeyURL, store: store)
        } catch {
            store.close()
            throw BootstrapError("cannot start the service: \(error)")
        }
    }
}
