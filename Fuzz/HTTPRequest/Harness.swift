// libFuzzer harness: one input as an HTTP request (method, target, headers, body, body
// limit, chunking) through MicroHTTP's RequestAssembly — what the libmicrohttpd access
// handler drives — and through a Router with DeviceTrust's route patterns.
// The checks are in Tests/MicroHTTPTests/HTTPRequestFuzzChecks.swift, compiled into this
// module by scripts/fuzz.sh and replayed over corpus/ by the test suite; MicroHTTP is built
// from its pure-Swift files (no MHD/, no libmicrohttpd) with -enable-testing. See Fuzz/README.md.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        try HTTPRequestFuzz.check(bytes)
    } catch {
        fatalError("HTTPRequest: \(error)")
    }
    return 0
}
