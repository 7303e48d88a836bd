import Attestation
import Foundation

/// What a backend's routes hold, made once at start-up: one verifier per platform. Each
/// function below is what a route handler (Vapor's `app.post`, Hummingbird's
/// `router.post`) calls with the request's decoded bytes; a thrown `AttestationError` is
/// answered with 403 and its `description` logged.
struct AttestationRoutes: Sendable {
    let appAttest = AppAttestVerifier(appID: "TEAMID1234.com.example.bank", environment: .production)
    let android = AndroidKeyAttestationVerifier(policy: AndroidKeyPolicy(packageNames: ["com.example.bank"]))

    /// An Android enrollment: the chain the phone sent (leaf first) for this challenge.
    func enrollAndroid(chain: [Data], challenge: Data) throws(AttestationError) -> Data {
        try android.verify(chain: chain, challenge: challenge).publicKey
    }

    /// An App Attest assertion on a later request: the new counter to store.
    func checkAssertion(_ assertion: Data, body: Data, storedKey: AttestedKey, storedCounter: UInt32) throws(AttestationError) -> UInt32 {
        try appAttest.verifyAssertion(assertion, clientData: body, publicKey: storedKey.publicKey, previousCounter: storedCounter)
    }

    /// A refreshed receipt from Apple's `attestationData` endpoint: Apple's risk metric for
    /// the key, once the receipt is verified and known to be this key's.
    func riskMetric(ofRefreshedReceipt bytes: Data, for key: AttestedKey) throws(AttestationError) -> Int? {
        let receipt = try AppAttestReceipt(der: bytes)
        try receipt.verify(now: Date())
        try receipt.verifyIssued(to: key, appID: appAttest.appID)
        return receipt.riskMetric
    }
}
