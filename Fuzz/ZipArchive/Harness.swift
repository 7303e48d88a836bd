// libFuzzer harness: ZipArchive (libzip behind our limits and name checks) over arbitrary
// bytes, reading every file entry. The checks are in
// Tests/AuditorTests/AppBundleFuzzChecks.swift, compiled into this module with
// Sources/AppBundle/Zip/ by scripts/fuzz.sh and replayed over corpus/ by the test suite.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        try AppBundleFuzzChecks.checkZip(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        fatalError("ZipArchive: \(error)")
    }
    return 0
}
