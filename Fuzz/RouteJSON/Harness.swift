// libFuzzer harness: the JSON bodies of every route. Byte 0 picks the message type
// (EnrollmentRequest, EnrollmentCompletion, ChallengeRequest, ChallengeResponse,
// TokenRedemptionRequest — what the
// routes decode — then the answers the client decodes and a bare JSONValue); the rest is
// decoded with WireCoding (decodeRequest for the request bodies, as the server does: unknown
// and null members refused), compared with JSONDecoder, re-encoded and decoded again, and its
// fields run through the strict field decoders.
// The checks are in Tests/DeviceBindingTests/RouteJSONFuzzChecks.swift, compiled into this
// module by scripts/fuzz.sh and replayed over corpus/ by the test suite. See Fuzz/README.md.
import Foundation

/// `FUZZ_STRICT=1` also checks what known issues break (number literals such as `1e-400`
/// and `0e5` that the strict parser reads and JSONDecoder refuses); see
/// RouteJSONFuzz.numberJSONDecoderRefuses.
private let strict = ProcessInfo.processInfo.environment["FUZZ_STRICT"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        try RouteJSONFuzz.check(bytes, strict: strict)
    } catch {
        fatalError("RouteJSON: \(error)")
    }
    return 0
}
