import Foundation

/// Google's attestation certificate status list (https://android.googleapis.com/attestation/status),
/// parsed into the serial numbers a verifier must refuse.
///
/// Format: `{"entries": {"<serial lowercase hex>": {"status": "REVOKED" | "SUSPENDED", …}}}`.
/// Every listed serial counts, REVOKED and SUSPENDED alike (Google's own verifier ignores
/// SUSPENDED; we do not), and so does an entry with a status this parser does not know:
/// a list that names a certificate is never read as "fine".
public struct AndroidRevocationList: Sendable, Hashable {
    /// The status of one listed certificate.
    public enum Status: Sendable, Hashable {
        case revoked, suspended
        /// A status Google has not documented, kept verbatim; it still counts as revoked.
        case other(String)
    }

    /// Every listed serial (lowercase hex, no leading zeros) and its status.
    public let entries: [String: Status]

    /// The serials to pass as ``AndroidKeyAttestationVerifier``'s `revokedSerials`.
    public var revokedSerials: Set<String> { Set(entries.keys) }

    /// Parses the status list's JSON.
    ///
    /// - Throws: ``AttestationError`` `.malformed` when the text is not the documented
    ///   shape, or a key is not a hexadecimal serial.
    public init(json: Data) throws(AttestationError) {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: json) } catch {
            throw AttestationError(.malformed, "the revocation status list is not JSON")
        }
        guard let object = root as? [String: Any], let listed = object["entries"] as? [String: Any] else {
            throw AttestationError(.malformed, "the revocation status list has no \"entries\" object")
        }
        var entries: [String: Status] = [:]
        for (key, value) in listed {
            guard let serial = Self.normalizedSerial(key) else {
                throw AttestationError(.malformed, "revocation list key \"\(key.prefix(80))\" is not a hexadecimal serial")
            }
            guard let fields = value as? [String: Any], let status = fields["status"] as? String else {
                throw AttestationError(.malformed, "revocation list entry \(serial) has no \"status\" string")
            }
            switch status {
            case "REVOKED": entries[serial] = .revoked
            case "SUSPENDED": entries[serial] = .suspended
            default: entries[serial] = .other(status)
            }
        }
        self.entries = entries
    }

    /// `key` in lowercase without leading zeros, or nil when it is not hexadecimal.
    static func normalizedSerial(_ key: String) -> String? {
        let lower = key.lowercased()
        guard !lower.isEmpty, lower.count <= 80, lower.allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
        let trimmed = lower.drop(while: { $0 == "0" })
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}
