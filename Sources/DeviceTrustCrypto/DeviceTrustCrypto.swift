// DeviceTrustCrypto: Apple's CryptoKit API, everywhere.
//
// On Apple platforms this module is CryptoKit and nothing else. On Linux every file of
// the module provides the same names over OpenSSL 3 libcrypto, so code written against
// CryptoKit compiles unchanged on both.
//
// Only the files in `OpenSSL/` call libcrypto. Written by hand, because no available
// library does exactly this: the CryptoKit-shaped types themselves; HMAC and HKDF as
// generic constructions over `HashFunction` (as swift-crypto does, so they work for any
// hash of the module); strict DER for ECDSA signatures (OpenSSL's decoder accepts BER);
// the two fixed P-256 SubjectPublicKeyInfo forms and the PKCS#8 layout CryptoKit writes;
// and PEM framing. Everything else — hashing, AEAD, curve arithmetic, signing,
// verification, key agreement, randomness, constant-time comparison, zeroisation — is
// OpenSSL's.
#if canImport(CryptoKit)
@_exported import CryptoKit
#endif
