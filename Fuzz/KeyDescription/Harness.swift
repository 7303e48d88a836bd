// libFuzzer harness: KeyDescription(extensionValue:) over arbitrary bytes, then every
// field a verifier reads. The sources of
// Sources/Attestation/AndroidKeyAttestation/KeyDescription/ are compiled into this module
// (scripts/fuzz.sh), linked against ASN1DER. See Fuzz/README.md.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let description = try? KeyDescription(extensionValue: bytes) else { return 0 }
    // Reflection touches every stored property; then the computed ones a verifier reads.
    _ = String(describing: description)
    for list in [description.softwareEnforced, description.hardwareEnforced] {
        _ = list.rootOfTrust?.isVerifiedAndLocked
        _ = list.attestationApplicationId?.packageNames
    }
    precondition(description == (try? KeyDescription(extensionValue: bytes)), "parsing is not deterministic")
    return 0
}
