import Foundation
import MicroHTTP

/// The two PEM files `devicetrust serve --tls-cert FILE --tls-key FILE` serves HTTPS with.
public struct TLSFiles: Sendable, Hashable {
    /// The certificate chain (leaf first), PEM.
    public var certificatePath: String
    /// The leaf's private key, PEM; keep it mode 0600.
    public var keyPath: String

    /// The two files.
    public init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    /// Reads both files (their contents are checked when the server starts or reloads).
    /// - Throws: ``BootstrapError`` naming the option and file that cannot be read.
    func credentials() throws(BootstrapError) -> TLSCredentials {
        func read(_ path: String, _ option: String) throws(BootstrapError) -> String {
            do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw BootstrapError("cannot read \(option) \(path): \((error as NSError).localizedDescription); give a readable PEM file")
            }
        }
        return TLSCredentials(certificateChainPEM: try read(certificatePath, "--tls-cert"), privateKeyPEM: try read(keyPath, "--tls-key"))
    }
}
