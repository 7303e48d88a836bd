@testable import Attestation
import Foundation

/// The receipts of the App Attest vectors: every attestation object carries Apple's
/// receipt in `attStmt.receipt`.
extension AppAttestVectors.Attestation {
    /// The attestation object, decoded (only the structure).
    var object: AppAttestationObject? { try? AppAttestationObject([UInt8](attestation)) }
    /// The receipt bytes exactly as the attestation carries them (read from the CBOR
    /// directly: the decoded object skips attStmt when fmt is not apple-appattest).
    var receiptBytes: Data {
        let statement = (try? CBORDecoder.decode([UInt8](attestation)))?.mapValue?[text: "attStmt"]?.mapValue
        return Data(statement?[text: "receipt"]?.byteStringValue ?? [])
    }
    /// The credential certificate, `x5c[0]`.
    var credentialCertificate: Data { Data(object?.certificates.first ?? []) }
    /// The key the attestation establishes, as a server stores it.
    var attestedKey: AttestedKey {
        AttestedKey(
            publicKey: publicKey, counter: 0, receipt: receiptBytes,
            environment: AppAttestVerifier.Environment(rawValue: environment) ?? .production)
    }
}

enum AppAttestReceiptVectors {
    /// Every attestation vector, negatives included: their receipts are Apple's, unchanged.
    static let all = AppAttestVectors.attestations

    /// What `openssl asn1parse` shows in fields 7 and 12 of each valid vector's receipt,
    /// pinned so the parser is checked against a reader other than itself.
    static let pinned: [String: (environment: String, creationTime: String)] = [
        "appattest-checker-node-dev-2024": ("sandbox", "2024-01-27T16:15:33.169Z"),
        "appattest-rs-prod-2024": ("production", "2024-06-30T19:48:50.934Z"),
        "apple-guide-2024-prod": ("production", "2024-04-18T16:14:54.209Z"),
        "node-app-attest-dev-2024": ("sandbox", "2024-02-04T20:27:06.193Z"),
        "node-app-attest-prod-2024": ("production", "2024-02-07T21:08:56.308Z"),
        "pyattest-dreiattest-dev-2021": ("sandbox", "2021-01-25T09:24:12.76Z"),
        "veehaitch-ios-14.2-dev": ("sandbox", "2020-11-21T22:13:02.796Z"),
        "veehaitch-ios-14.3-beta-2-dev": ("sandbox", "2020-11-22T09:48:12.863Z"),
        "veehaitch-ios-14.3-beta-3-dev": ("sandbox", "2020-12-02T22:45:14.516Z"),
        "veehaitch-ios-14.3-dev": ("sandbox", "2020-12-19T12:11:04.739Z"),
        "veehaitch-ios-14.4-beta-2-dev": ("sandbox", "2021-01-20T22:21:53.094Z"),
        "veehaitch-ios-14.4-dev": ("sandbox", "2021-01-23T12:13:35.801Z"),
        "webauthn4j-kayak-prod-2020": ("production", "2020-09-28T20:28:19.942Z"),
    ]

    /// A minute after Apple made the receipt: inside its validity and its signer's.
    static func moment(of receipt: AppAttestReceipt) -> Date { receipt.creationTime.addingTimeInterval(60) }
}
