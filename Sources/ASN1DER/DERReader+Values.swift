/// Typed reads of the universal types attestation and certificates use. Each checks the
/// DER rules of its type and accepts an implicit tag in place of the universal one.
extension DERReader {
    /// A BOOLEAN: one byte, `0x00` or `0xFF` (DER forbids other true values).
    public mutating func readBoolean(tag: DERTag = .boolean) throws(DERError) -> Bool {
        let element = try read(tag)
        guard element.content.count == 1 else {
            throw DERError(.invalidContent, at: element.offset, "a BOOLEAN has \(element.content.count) content bytes, not 1")
        }
        switch element.content.first! {
        case 0x00: return false
        case 0xFF: return true
        default: throw DERError(.invalidContent, at: element.offset, "a BOOLEAN must be 0x00 or 0xFF in DER")
        }
    }

    /// The content of an INTEGER (or ENUMERATED), checked to be minimal two's complement.
    public mutating func readIntegerBytes(tag: DERTag = .integer) throws(DERError) -> ArraySlice<UInt8> {
        let element = try read(tag)
        let bytes = element.content
        guard let first = bytes.first else {
            throw DERError(.invalidContent, at: element.offset, "an INTEGER with no content bytes")
        }
        if bytes.count > 1 {
            let second = bytes[bytes.startIndex + 1]
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw DERError(.invalidContent, at: element.offset, "an INTEGER is not minimally encoded")
            }
        }
        return bytes
    }

    /// An INTEGER (or, with `tag: .enumerated`, an ENUMERATED) that fits `T`.
    public mutating func readInteger<T: FixedWidthInteger>(
        _ type: T.Type = Int.self, tag: DERTag = .integer
    ) throws(DERError) -> T {
        let at = offset
        let bytes = try readIntegerBytes(tag: tag)
        let negative = bytes.first! & 0x80 != 0
        guard T.isSigned || !negative else {
            throw DERError(.invalidContent, at: at, "a negative INTEGER where \(T.self) is expected")
        }
        var magnitude = bytes
        if magnitude.count > 1 && magnitude.first == 0 { magnitude = magnitude.dropFirst() }
        guard magnitude.count <= T.bitWidth / 8 else {
            throw DERError(.invalidContent, at: at, "an INTEGER of \(bytes.count) bytes does not fit \(T.self)")
        }
        var value: T = negative ? ~0 : 0
        for byte in magnitude { value = (value << 8) | T(truncatingIfNeeded: byte) }
        if !T.isSigned || negative == (value < 0) { return value }
        throw DERError(.invalidContent, at: at, "an INTEGER does not fit \(T.self)")
    }

    /// The content of an OCTET STRING (primitive; DER has no constructed strings).
    public mutating func readOctetString(tag: DERTag = .octetString) throws(DERError) -> ArraySlice<UInt8> {
        try read(tag).content
    }

    /// The bits of a BIT STRING that has no unused bits (keys, signatures).
    public mutating func readBitStringBytes(tag: DERTag = .bitString) throws(DERError) -> ArraySlice<UInt8> {
        let element = try read(tag)
        guard element.content.first == 0 else {
            throw DERError(.invalidContent, at: element.offset, "a BIT STRING with unused bits where whole bytes are expected")
        }
        return element.content.dropFirst()
    }

    /// A BIT STRING of any length (flags such as keyUsage): its bytes and how many bits of
    /// the last byte are unused. DER requires at most 7 unused bits, none when there are
    /// no bytes, and unused bits set to zero.
    public mutating func readBitString(tag: DERTag = .bitString) throws(DERError) -> (bytes: ArraySlice<UInt8>, unusedBits: Int) {
        let element = try read(tag)
        guard let unused = element.content.first else {
            throw DERError(.invalidContent, at: element.offset, "a BIT STRING with no content bytes (the unused-bits count is missing)")
        }
        let bytes = element.content.dropFirst()
        guard unused <= 7 else {
            throw DERError(.invalidContent, at: element.offset, "a BIT STRING with \(unused) unused bits (at most 7)")
        }
        guard let last = bytes.last else {
            guard unused == 0 else {
                throw DERError(.invalidContent, at: element.offset, "an empty BIT STRING with \(unused) unused bits")
            }
            return (bytes, 0)
        }
        guard last & ((1 << unused) - 1) == 0 else {
            throw DERError(.invalidContent, at: element.offset, "a BIT STRING whose unused bits are not zero")
        }
        return (bytes, Int(unused))
    }

    /// A NULL.
    public mutating func readNull() throws(DERError) {
        let element = try read(.null)
        guard element.content.isEmpty else {
            throw DERError(.invalidContent, at: element.offset, "a NULL with content")
        }
    }

    /// An OBJECT IDENTIFIER in dotted form, e.g. `1.2.840.10045.2.1`.
    public mutating func readObjectIdentifier() throws(DERError) -> String {
        let element = try read(.objectIdentifier)
        return try DERObjectIdentifier.dotted(element.content, at: element.offset)
    }

    /// A UTF8String, PrintableString or IA5String (or an implicitly tagged one), as text.
    public mutating func readString(tag: DERTag? = nil) throws(DERError) -> String {
        let element = try read()
        let textTags: Set<UInt32> = [12, 19, 22]
        let matches =
            tag.map { element.tag == $0 } ?? (element.tag.tagClass == .universal && !element.tag.isConstructed && textTags.contains(element.tag.number))
        guard matches else {
            throw DERError(.unexpectedTag, at: element.offset, "expected a string, found \(element.tag)")
        }
        guard let text = String(validating: element.content, as: UTF8.self) else {
            throw DERError(.invalidContent, at: element.offset, "a string that is not valid UTF-8")
        }
        return text
    }
}

/// OBJECT IDENTIFIER content to and from dotted text.
public enum DERObjectIdentifier {
    /// The dotted form of OID content octets; refuses empty content, an arc cut off at
    /// the end, non-minimal arcs (a leading `0x80` group) and arcs of 2⁶⁴ or more.
    public static func dotted(_ content: ArraySlice<UInt8>, at offset: Int = 0) throws(DERError) -> String {
        guard !content.isEmpty, content.last! & 0x80 == 0 else {
            throw DERError(.invalidContent, at: offset, "an OBJECT IDENTIFIER is empty or ends inside an arc")
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        var startOfArc = true
        for byte in content {
            if startOfArc && byte == 0x80 {
                throw DERError(.invalidContent, at: offset, "an OBJECT IDENTIFIER arc is not minimally encoded")
            }
            guard value >> 57 == 0 else { throw DERError(.invalidContent, at: offset, "an OBJECT IDENTIFIER arc is too large") }
            value = (value << 7) | UInt64(byte & 0x7F)
            startOfArc = byte & 0x80 == 0
            if startOfArc {
                arcs.append(value)
                value = 0
            }
        }
        let first = arcs[0]
        let head: [UInt64] = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }

    /// The content octets of a dotted OID such as `1.2.840.10045.2.1`, or nil when the
    /// text is not one: at least two arcs, decimal digits only, a first arc of 0, 1 or 2, a
    /// second arc under 40 unless the first is 2, and every arc under 2⁶⁴.
    public static func content(dotted text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var arcs: [UInt64] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                part.count == 1 || part.first != "0", let arc = UInt64(part)
            else { return nil }
            arcs.append(arc)
        }
        guard arcs.count >= 2, arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40 else { return nil }
        let (first, overflow) = (arcs[0] * 40).addingReportingOverflow(arcs[1])
        guard !overflow else { return nil }
        var content: [UInt8] = []
        for arc in [first] + arcs.dropFirst(2) {
            var groups: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest != 0 {
                groups.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            content += groups.reversed()
        }
        return content
    }
}
