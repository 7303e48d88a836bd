// libFuzzer harness: MachOFile over arbitrary bytes (thin and fat images, load commands,
// symbol tables, C-string sections). The checks are in
// Tests/AuditorTests/AppBundleFuzzChecks.swift, compiled into this module with
// Sources/AppBundle/MachO/ by scripts/fuzz.sh and replayed over corpus/ by the test suite.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        try AppBundleFuzzChecks.checkMachO(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        fatalError("MachOFile: \(error)")
    }
    return 0
}
