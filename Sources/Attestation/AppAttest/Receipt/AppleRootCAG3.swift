/// Apple Root CA - G3, the trust anchor of App Attest receipts (P-384, valid 2014-04-30 to
/// 2039-04-30): the receipt's signer "Application Attestation Fraud Receipt Signing" is
/// issued by "Apple Application Integration CA 5 - G1", which this root issued.
///
/// Published by Apple at https://www.apple.com/certificateauthority/AppleRootCA-G3.cer ;
/// SHA-256 of the DER `63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179`,
/// the fingerprint Apple's certificate authority page lists (quoted with that URL in, for
/// one, tamtamchik/apple-iap-tools `src/constants.ts`). The PEM below is byte for byte the
/// root every real receipt in the test vectors carries, and the one in
/// clearhaus/pedicel `lib/pedicel.rb`. Tests check the hash and that it signs the receipts'
/// intermediate. Pinned in the binary so no file or network lookup can change what is trusted.
enum AppleRootCAG3 {
    /// The certificate in PEM.
    static let pem = """
        -----BEGIN CERTIFICATE-----
        MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwS
        QXBwbGUgUm9vdCBDQSAtIEczMSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9u
        IEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwHhcN
        MTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBS
        b290IENBIC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9y
        aXR5MRMwEQYDVQQKDApBcHBsZSBJbmMuMQswCQYDVQQGEwJVUzB2MBAGByqGSM49
        AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWmBSp3ZHtf
        TjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517
        IDvYuVTZXpmkOlEKMaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySr
        MA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2gA
        MGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4
        at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM
        6BgD56KyKA==
        -----END CERTIFICATE-----
        """
}
