// libFuzzer harness: DERReader over arbitrary bytes (every element, every typed read,
// nested and encapsulated DER), then Certificate(der:) and its derived fields.
// Built by scripts/fuzz.sh; see Fuzz/README.md.
import ASN1DER
import X509Certificates

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    walkDER(bytes)
    parseCertificate(bytes)
    return 0
}

/// Reads every element of `bytes` at every depth and applies each typed read to it.
private func walkDER(_ bytes: [UInt8]) {
    guard var reader = try? DERReader(bytes, limits: .init(maximumSize: 64 * 1024, maximumDepth: 8)) else { return }
    walk(&reader)
    _ = try? reader.finish()
}

private func walk(_ reader: inout DERReader) {
    while !reader.isAtEnd {
        _ = try? reader.peekTag()
        typedReads(reader)
        guard let element = try? reader.read() else { return }
        _ = element.tag.description
        precondition(element.encoded.count >= element.content.count, "an element's encoding is shorter than its content")
        precondition(element.offset >= 0, "a negative offset")
        if element.tag.isConstructed, var inner = try? element.contents() {
            walk(&inner)
        } else if var inner = try? element.encapsulated() {
            walk(&inner)
        }
    }
}

/// The typed read that fits the next element's tag, on a copy of the reader: none may
/// trap, whatever the content. Implicitly tagged elements get every integer and string read.
private func typedReads(_ reader: DERReader) {
    guard let tag = try? reader.peekTag() else { return }
    var copy = reader
    switch tag {
    case .boolean: _ = try? copy.readBoolean()
    case .integer, .enumerated:
        _ = try? copy.readIntegerBytes(tag: tag)
        for read in integerReads { var each = reader; read(&each, tag) }
    case .bitString: _ = try? copy.readBitStringBytes()
    case .octetString: _ = try? copy.readOctetString()
    case .null: _ = try? copy.readNull()
    case .objectIdentifier: _ = try? copy.readObjectIdentifier()
    case .utcTime, .generalizedTime, .sequence, .set: break
    default:
        if !tag.isConstructed {
            for read in integerReads { var each = reader; read(&each, tag) }
            var each = reader; _ = try? each.readString(tag: tag.tagClass == .universal ? nil : tag)
            each = reader; _ = try? each.readBoolean(tag: tag)
        }
    }
}

private let integerReads: [@Sendable (inout DERReader, DERTag) -> Void] = [
    { reader, tag in _ = try? reader.readInteger(Int.self, tag: tag) },
    { reader, tag in _ = try? reader.readInteger(Int8.self, tag: tag) },
    { reader, tag in _ = try? reader.readInteger(Int32.self, tag: tag) },
    { reader, tag in _ = try? reader.readInteger(UInt64.self, tag: tag) },
    { reader, tag in _ = try? reader.readInteger(UInt8.self, tag: tag) },
]

private func parseCertificate(_ bytes: [UInt8]) {
    guard let certificate = try? Certificate(der: bytes) else { return }
    _ = certificate.serialNumberHex
    _ = certificate.subjectSummary
    _ = certificate.issuerSummary
    _ = certificate.isSelfIssued
    _ = certificate.isValid(at: certificate.notBefore)
    for item in certificate.extensions { _ = certificate.extension(item.oid) }
}
