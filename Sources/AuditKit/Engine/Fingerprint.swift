import DeviceTrustCrypto
import Foundation

/// A finding's identity for baselines and SARIF `partialFingerprints`: SHA-256 over the
/// rule, the file, the finding line's text with whitespace collapsed, and the number of
/// earlier identical (rule, file, text) findings. Edits elsewhere in the file (lines
/// added above, other code changed) leave it unchanged.
package enum Fingerprint {
    /// The key in SARIF `partialFingerprints`.
    package static let sarifKey = "devicetrustFinding/v1"

    package static func compute(ruleID: String, path: String, lineText: Substring, occurrence: Int) -> String {
        let normalized = lineText.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        let input = [ruleID, path, normalized, String(occurrence)].joined(separator: "\u{1F}")
        return SHA256.hash(data: Data(input.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
