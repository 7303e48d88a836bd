import DeviceTrustCrypto
import Foundation
import ServerCredentials
import TrustStore

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
    public let store: any TrustStorage
    /// The App Attest receipt refresher, with `--app-attest-risk-refresh`; start it with
    /// the server and stop it before closing the store.
    public var receiptRefresher: AppAttestReceiptRefresher? = nil
}

/// Prepares a data directory: creates it (any missing folder, mode 0700), loads or creates
/// the token signing keys (``SigningKeyDirectory``, migrated from the single
/// `token-signing-key.pem` of earlier versions), the PIN pepper and the admin API key (each
/// file mode 0600), and
/// opens the database with the engine the caller links. Running it again reuses everything.
///
/// Several nodes act as one service when they share the database and copies of the same
/// data directory, so the secrets are created only in a new data directory (none of the
/// three files there); a directory holding some but not all of them is refused instead of
/// being completed with a secret no other node has.
public enum ServerBootstrap {
    /// Prepares everything `configuration` names, opening the store with `openStore`.
    /// - Throws: ``BootstrapError`` naming the path and the fix; never a password.
    public static func prepare(
        _ configuration: ServerConfiguration, log: ServiceLog = .discard, openStore: TrustStoreOpener
    ) throws(BootstrapError) -> PreparedServer {
        do {
            try configuration.service.validate()
        } catch {
            throw BootstrapError(error.reason)
        }
        let attestation = try configuration.attestation.makeConfiguration()
        let refresh = try configuration.attestation.makeRefreshConfiguration()
        do {
            try attestation.validate()
        } catch {
            throw BootstrapError(error.reason)
        }
        let url: StoreURL
        do {
            url = try StoreURL(parsing: configuration.resolvedDatabaseURL)
        } catch {
            throw BootstrapError("the database URL is not usable: \(error.reason)")
        }
        try OwnerOnlyFiles.createDirectories(configuration.dataDirectoryURL.path)
        try requireAllSecretsOrNone(configuration)
        let signingKeys: TokenSigningKeys
        let pepper: SymmetricKey
        do {
            let loaded = try SigningKeyDirectory.loadOrCreate(folder: configuration.signingKeyFolderURL, migratingFrom: configuration.signingKeyURL)
            signingKeys = TokenSigningKeys(
                folder: configuration.signingKeyFolderURL, loaded: loaded, publishDelay: configuration.keyPublishDelay, log: log)
            pepper = try PepperFile.loadOrCreate(at: configuration.pepperURL)
        } catch {
            throw BootstrapError(error.description)
        }
        let adminKey = try AdminKeyFile.loadOrCreate(at: configuration.adminKeyURL)
        let store: any TrustStorage
        do {
            store = try openStore(url)
        } catch {
            throw BootstrapError("cannot open the database \(url.redacted): \(error)")
        }
        do {
            let service = try DeviceTrustService(
                store: store, pinHasher: PINHasher(pepper: pepper), signingKeys: signingKeys,
                configuration: configuration.service, log: log, attestation: attestation)
            var prepared = PreparedServer(service: service, adminKey: adminKey, adminKeyFile: configuration.adminKeyURL, store: store)
            prepared.receiptRefresher = refresh.map { AppAttestReceiptRefresher(configuration: $0, store: store, log: log) }
            return prepared
        } catch {
            store.close()
            throw BootstrapError("cannot start the service: \(error)")
        }
    }

    /// Refuses a data directory holding some of the secrets but not all: creating the
    /// missing one would give this node a key no other node has.
    private static func requireAllSecretsOrNone(_ configuration: ServerConfiguration) throws(BootstrapError) {
        // The signing keys are there in the key folder, or in the single file of earlier versions.
        let signingKeys = [configuration.signingKeyFolderURL, configuration.signingKeyURL]
        let files = [configuration.signingKeyFolderURL, configuration.pepperURL, configuration.adminKeyURL]
        let missing = files.filter { file in
            (file == configuration.signingKeyFolderURL ? signingKeys : [file]).allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }
        }
        guard missing.isEmpty || missing.count == files.count else {
            let names = missing.map(\.lastPathComponent).joined(separator: ", ")
            throw BootstrapError(
                "\(configuration.dataDirectoryURL.path) lacks \(names) but holds the other secrets; copy the whole data directory from another node (or start from an empty one for a new service)"
            )
        }
    }
}
