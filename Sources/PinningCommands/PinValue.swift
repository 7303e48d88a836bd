import CommandKit
import Foundation

/// Checks of SPKI-SHA256-BASE64 pin strings typed on the command line.
enum PinValue {
    /// Whether `pin` is the canonical standard base64 of exactly 32 bytes (44 characters).
    static func isWellFormed(_ pin: String) -> Bool {
        guard let bytes = Data(base64Encoded: pin) else { return false }
        return bytes.count == 32 && bytes.base64EncodedString() == pin
    }

    /// Throws unless `pin` is well formed, naming the option it came from.
    static func validate(_ pin: String, option: String) throws(UsageError) {
        guard isWellFormed(pin) else {
            throw UsageError(
                "\(option) \"\(pin)\" is not an SPKI-SHA256-BASE64 pin (the standard base64 of 32 bytes, 44 characters ending in \"=\"); compute it with `devicetrust pin hash CERT`"
            )
        }
    }
}
