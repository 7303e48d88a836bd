import ASN1DER
import Testing

/// Bounds and structure: size and depth limits, trailing bytes, offsets that point into
/// the outermost input.
@Suite("DER structure and limits")
struct DERStructureTests {
    /// `count` SEQUENCEs, each holding the next; the innermost is empty.
    private func nested(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes = [0x30, UInt8(bytes.count)] + bytes }
        return bytes
    }

    /// Enters every nested SEQUENCE of `reader`.
    private func descend(_ reader: inout DERReader) throws(DERError) {
        while !reader.isAtEnd {
            var inner = try reader.read(.sequence).contents()
            try descend(&inner)
        }
    }

    @Test("Nesting up to maximumDepth levels is read; one level more is refused at that element")
    func depthLimit() throws {
        var reader = try DERReader(nested(16))
        try descend(&reader)
        // The 17th SEQUENCE starts at byte 32 (each header is two bytes).
        expectDERError(.tooDeep, at: 32) {
            var deeper = try DERReader(nested(17)); try descend(&deeper)
        }
        expectDERError(.tooDeep, at: 4) {
            var shallow = try DERReader(nested(3), limits: .init(maximumDepth: 2))
            try descend(&shallow)
        }
    }

    @Test("Encapsulated DER (inside an OCTET STRING) counts towards the depth limit")
    func encapsulatedDepth() throws {
        var reader = try DERReader(hex("04 04 30 02 05 00"), limits: .init(maximumDepth: 1))
        var inner = try reader.read(.octetString).encapsulated()
        #expect(inner.depth == 1)
        expectDERError(.tooDeep, at: 2) { _ = try inner.read(.sequence).contents() }
    }

    @Test("Input over maximumSize is refused before any byte is read")
    func sizeLimit() throws {
        expectDERError(.tooLarge, at: 0) { _ = try DERReader([UInt8](repeating: 0, count: 64 * 1024 + 1)) }
        _ = try DERReader([UInt8](repeating: 0, count: 64 * 1024))
        expectDERError(.tooLarge, at: 0) { _ = try DERReader(hex("05 00 05 00"), limits: .init(maximumSize: 3)) }
    }

    @Test("Bytes after the last element are refused by finish(), at the first extra byte")
    func trailingBytes() {
        expectDERError(.trailingBytes, at: 2) { _ = try readOne(hex("05 00 00")) }
        expectDERError(.trailingBytes, at: 5) {
            _ = try readAll(hex("30 06 02 01 01 02 01 02")) { (reader) throws(DERError) in
                try reader.readConstructed { (fields) throws(DERError) in try fields.readInteger(Int.self) }
            }
        }
    }

    @Test("Elements, readers and errors give offsets in the outermost input, at any depth")
    func offsets() throws {
        // SEQUENCE { INTEGER 5, OCTET STRING { SEQUENCE { BOOLEAN 0x01 } } }
        let bytes = hex("30 0C 02 01 05 04 07 30 03 01 01 01 05 00")
        var reader = try DERReader(bytes)
        let sequence = try reader.read(.sequence)
        #expect(sequence.offset == 0)
        var fields = try sequence.contents()
        #expect(fields.offset == 2)
        #expect(try fields.readInteger(Int.self) == 5)
        let octets = try fields.read(.octetString)
        #expect(octets.offset == 5)
        var wrapped = try octets.encapsulated()
        #expect(wrapped.offset == 7)
        var inner = try wrapped.read(.sequence).contents()
        #expect(inner.offset == 9)
        expectDERError(.invalidContent, at: 9) {
            var copy = inner; _ = try copy.readBoolean()
        }
        let boolean = try inner.read(.boolean)
        #expect(boolean.offset == 9)
        #expect(Array(boolean.content) == [0x01])
        #expect(boolean.content.startIndex == 11)
        expectDERError(.trailingBytes, at: 12) { try wrapped.finish() }
    }

    @Test("contents() refuses a primitive element; encapsulated() reads an OCTET STRING's bytes as DER")
    func contentsAndEncapsulated() throws {
        expectDERError(.invalidContent, at: 0) { _ = try readOne(hex("04 02 05 00")).contents() }
        var inner = try readOne(hex("04 02 05 00")).encapsulated()
        try inner.readNull()
        try inner.finish()
    }

    @Test("encapsulated() on a BIT STRING skips the unused-bits octet and requires it to be zero")
    func encapsulatedBitString() throws {
        var inner = try readOne(hex("03 03 00 05 00")).encapsulated()
        try inner.readNull()
        try inner.finish()
        expectDERError(.invalidContent, at: 0) { _ = try readOne(hex("03 03 01 05 00")).encapsulated() }
        expectDERError(.invalidContent, at: 0) { _ = try readOne(hex("03 00")).encapsulated() }
    }

    @Test("readConstructed hands over the content and requires it to be consumed")
    func readConstructed() throws {
        let pair = try readAll(hex("30 06 02 01 01 02 01 02")) { (reader) throws(DERError) in
            try reader.readConstructed { (fields) throws(DERError) in
                (try fields.readInteger(Int.self), try fields.readInteger(Int.self))
            }
        }
        #expect(pair.0 == 1 && pair.1 == 2)
        expectDERError(.unexpectedTag, at: 0) {
            _ = try readAll(hex("31 00")) { (reader) throws(DERError) in try reader.readConstructed { _ in } }
        }
    }

    @Test("Errors describe code, offset and reason")
    func errorDescription() {
        let error = DERError(.truncated, at: 7, "the input ends inside a length")
        #expect(error.description == "DERError.truncated at byte 7: the input ends inside a length")
    }

    @Test("An empty input has no elements: isAtEnd, no tag, finish() passes, read() is truncated")
    func emptyInput() throws {
        var reader = try DERReader([])
        #expect(reader.isAtEnd)
        #expect(try reader.peekTag() == nil)
        try reader.finish()
        expectDERError(.truncated, at: 0) { _ = try reader.read() }
    }
}
