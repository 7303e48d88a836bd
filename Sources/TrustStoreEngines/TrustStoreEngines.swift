import TrustStore
import TrustStorePostgres
import TrustStoreSQLite

/// The storage engines the DeviceTrust executables link, chosen by the store URL's scheme.
///
/// The server (`TrustServer`) depends on no engine: `devicetrust serve`, the demo and the
/// benchmark hand ``open(_:)`` to its bootstrap.
public enum TrustStoreEngines {
    /// Opens the store `url` names: `sqlite:PATH` with `SQLiteTrustStore`, `postgres://` and
    /// `postgresql://` with `PostgresTrustStore`.
    /// - Throws: the engine's ``StoreError`` (``StoreError/Code/cannotOpen``,
    ///   ``StoreError/Code/unavailable``, …), never naming a password.
    public static let open: TrustStoreOpener = { url throws(StoreError) in
        switch url.engine {
        case .sqlite:
            return try SQLiteTrustStore(url: url)
        case .postgres:
            return try PostgresTrustStore(url: url)
        }
    }
}
