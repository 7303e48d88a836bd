// libFuzzer harness: SigningPayload(parsing:) over arbitrary bytes — the text the client
// decodes from `signingPayload` and signs — with parse → render round-trips, the field
// rules, the wire messages that carry it, and each line's value through the field decoders
// (base64url, RFC 3339, lowercase hex, PIN).
// The checks are in Tests/DeviceBindingTests/SigningPayloadFuzzChecks.swift, compiled into
// this module by scripts/fuzz.sh and replayed over corpus/ by the test suite. See Fuzz/README.md.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        try SigningPayloadFuzz.check(bytes)
    } catch {
        fatalError("SigningPayload: \(error)")
    }
    return 0
}
