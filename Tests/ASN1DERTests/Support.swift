import ASN1DER
import Testing

/// Bytes from hex text; spaces are ignored: `hex("30 03 02 01 05")`.
func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    precondition(digits.count % 2 == 0, "odd number of hex digits in \(text)")
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
}

/// Runs `body` and checks that it throws a `DERError` with `code` at `offset`.
func expectDERError(
    _ code: DERError.Code, at offset: Int,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected DERError.\(code) at \(offset), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as DERError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected DERError.\(code) at \(offset), got \(error)", sourceLocation: sourceLocation)
    }
}

/// Reads one element of `bytes` and requires nothing after it.
func readOne(_ bytes: [UInt8], limits: DERReader.Limits = .init()) throws(DERError) -> DERElement {
    var reader = try DERReader(bytes, limits: limits)
    let element = try reader.read()
    try reader.finish()
    return element
}

/// Applies `read` to a reader over `bytes` and requires it to consume everything.
func readAll<T>(_ bytes: [UInt8], _ read: (inout DERReader) throws(DERError) -> T) throws(DERError) -> T {
    var reader = try DERReader(bytes)
    let value = try read(&reader)
    try reader.finish()
    return value
}
