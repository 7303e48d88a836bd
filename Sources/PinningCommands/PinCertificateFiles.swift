import Foundation
import Pinning
import X509Certificates

/// Reads certificate files given on the command line: PEM with one or several
/// `CERTIFICATE` blocks, or one DER certificate.
enum PinCertificateFiles {
    /// A certificate read from a file, with its pin.
    struct Entry: Sendable {
        /// The parsed certificate.
        let certificate: Certificate
        /// Its SPKI-SHA256-BASE64 pin.
        let pin: String
    }

    /// The certificates in the file at `path`, in file order.
    ///
    /// - Throws: ``PinInputError`` naming `path` and why it could not be used: unreadable,
    ///   empty, PEM without a certificate, or not a well-formed certificate.
    static func load(_ path: String) throws(PinInputError) -> [Entry] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PinInputError("\(path): cannot read the file (\(error.localizedDescription)); check the path and permissions")
        }
        guard !data.isEmpty else { throw PinInputError("\(path): the file is empty; give a PEM or DER certificate") }
        let certificates: [Certificate]
        if let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") {
            do {
                certificates = try Certificate.certificates(fromPEM: text)
            } catch {
                throw PinInputError("\(path): not a valid PEM certificate file (\(PinErrorText.reason(of: error)))")
            }
            guard !certificates.isEmpty else {
                throw PinInputError("\(path): the PEM file holds no CERTIFICATE block (keys and requests cannot be pinned this way)")
            }
        } else {
            do {
                certificates = [try Certificate(der: data)]
            } catch {
                throw PinInputError("\(path): not a PEM file and not one DER X.509 certificate (\(PinErrorText.reason(of: error)))")
            }
        }
        var entries: [Entry] = []
        for certificate in certificates {
            do {
                entries.append(Entry(certificate: certificate, pin: try SPKIPin.pin(forCertificate: Data(certificate.der))))
            } catch {
                throw PinInputError("\(path): cannot compute the pin (\(PinErrorText.reason(of: error)))")
            }
        }
        return entries
    }
}

/// Turns library errors into text for a terminal.
enum PinErrorText {
    /// The reason of a ``CodedErrors/CodedError`` without its domain prefix and the source
    /// location (which matter in logs, not to someone running the tool); other errors as
    /// they describe themselves.
    static func reason(of error: any Error) -> String {
        var text = String(describing: error)
        if let location = text.range(of: " (", options: .backwards), text.hasSuffix(")"),
            text[location.upperBound...].contains(".swift:")
        {
            text = String(text[..<location.lowerBound])
        }
        if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" "),
            text[..<colon.lowerBound].contains(".")
        {
            text = String(text[colon.upperBound...])
        }
        return text
    }
}
