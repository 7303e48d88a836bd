#if !canImport(CryptoKit)
import Foundation

/// One PEM block (RFC 7468): a label and its DER bytes.
///
/// Parsing is strict: exactly one block, matching BEGIN and END labels, nothing but
/// whitespace around it, and base64 that decodes cleanly. Written by hand because it is
/// a few lines of Foundation; OpenSSL's PEM reader would accept more than we want.
struct PEMDocument {
    static let maximumByteCount = 64 * 1024

    let label: String
    let der: Data

    init(label: String, der: Data) {
        self.label = label
        self.der = der
    }

    init(parsing pem: String) throws(CryptoKitError) {
        guard pem.utf8.count <= Self.maximumByteCount else {
            throw .invalidEncoding(reason: "the PEM document is larger than \(Self.maximumByteCount) bytes")
        }
        let lines = pem.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let first = lines.first, let last = lines.last, lines.count >= 2,
            first.hasPrefix("-----BEGIN "), first.hasSuffix("-----"),
            last.hasPrefix("-----END "), last.hasSuffix("-----")
        else {
            throw .invalidEncoding(
                reason: "expected one PEM block: a '-----BEGIN <label>-----' line, base64 lines, and a matching '-----END <label>-----' line")
        }
        let label = String(first.dropFirst("-----BEGIN ".count).dropLast(5))
        guard String(last.dropFirst("-----END ".count).dropLast(5)) == label else {
            throw .invalidEncoding(reason: "the PEM END label does not match its BEGIN label '\(label)'")
        }
        let body = lines.dropFirst().dropLast()
        guard !body.contains(where: { $0.hasPrefix("-----") || $0.contains(":") }) else {
            throw .invalidEncoding(reason: "the PEM document must hold exactly one block without headers")
        }
        guard let der = Data(base64Encoded: body.joined()), !der.isEmpty else {
            throw .invalidEncoding(reason: "the body of the PEM block '\(label)' is not valid base64")
        }
        self.label = label
        self.der = der
    }

    /// The block with base64 lines of 64 characters, as OpenSSL and CryptoKit write it.
    var pemString: String {
        let base64 = der.base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var index = base64.startIndex
        while index < base64.endIndex {
            let end = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<end]))
            index = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n")
    }
}
#endif
