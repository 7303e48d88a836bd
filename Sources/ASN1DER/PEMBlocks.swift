import Foundation

/// The base64 blocks of a PEM file (RFC 7468), e.g. every `CERTIFICATE` in a bundle.
///
/// Written by hand (a few lines) so that it runs where OpenSSL does not (iOS). Refuses
/// a block that is not closed, whose label does not match, or whose body is not base64.
public enum PEMBlocks {
    /// Why a PEM text was refused.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong and on which line.
        public let reason: String
        public var description: String { "PEM: \(reason)" }
    }

    /// One block labelled `label` holding `der`, base64 in lines of 64 characters, ending
    /// with a newline: what ``decode(_:label:)`` reads back.
    public static func encode(_ der: some DataProtocol, label: String = "CERTIFICATE") -> String {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(base64)\n-----END \(label)-----\n"
    }

    /// The decoded bodies of every block labelled `label`, in order; text between blocks
    /// is ignored, as RFC 7468 allows. Throws when there is no such block.
    public static func decode(_ text: String, label: String = "CERTIFICATE") throws(Failure) -> [[UInt8]] {
        let begin = "-----BEGIN \(label)-----"
        let end = "-----END \(label)-----"
        var blocks: [[UInt8]] = []
        var body: String?
        // `\.isNewline`, not `"\n"`: in a String, CR LF is one Character, which is not "\n".
        for (number, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line == begin {
                guard body == nil else { throw Failure(reason: "line \(number + 1) opens a block inside another") }
                body = ""
            } else if line == end {
                guard let base64 = body else { throw Failure(reason: "line \(number + 1) closes a block that was not opened") }
                guard let bytes = Data(base64Encoded: base64), !bytes.isEmpty else {
                    throw Failure(reason: "the block ending on line \(number + 1) is not base64")
                }
                blocks.append([UInt8](bytes))
                body = nil
            } else if body != nil {
                body! += line
            }
        }
        guard body == nil else { throw Failure(reason: "a \(label) block is not closed") }
        guard !blocks.isEmpty else { throw Failure(reason: "no \(label) block") }
        return blocks
    }
}
