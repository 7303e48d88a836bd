/// Writes DER: for building certificates, extensions and attestation structures in tests
/// and emulators, and anything else that must produce the exact bytes a device would.
///
/// Lengths are always minimal and integers minimal two's complement, so whatever this
/// writes, ``DERReader`` reads back.
public struct DERWriter: Sendable {
    /// What has been written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// One element whose content is `content`.
    public mutating func element(_ tag: DERTag, content: some Collection<UInt8>) {
        appendIdentifier(tag)
        appendLength(content.count)
        bytes.append(contentsOf: content)
    }

    /// A constructed element (a SEQUENCE unless told otherwise) whose content `body` writes.
    public mutating func constructed(_ tag: DERTag = .sequence, _ body: (inout DERWriter) throws -> Void) rethrows {
        var inner = DERWriter()
        try body(&inner)
        element(tag, content: inner.bytes)
    }

    /// Bytes that are already DER (a Name, a SubjectPublicKeyInfo), copied as they are.
    public mutating func raw(_ encoded: some Collection<UInt8>) {
        bytes.append(contentsOf: encoded)
    }

    /// An INTEGER (or, with `tag: .enumerated`, an ENUMERATED).
    public mutating func integer<T: BinaryInteger>(_ value: T, tag: DERTag = .integer) {
        // In T itself, not through Int64: `Int64(UInt64.max)` would trap. `>>` is
        // arithmetic for signed T, so a negative value ends in ~0 (all ones).
        var content: [UInt8] = []
        var remaining = value
        repeat {
            content.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
            remaining >>= 8
        } while !(remaining == 0 && content[0] & 0x80 == 0) && !(remaining < 0 && remaining == ~T.zero && content[0] & 0x80 != 0)
        element(tag, content: content)
    }

    /// A non-negative INTEGER from big-endian magnitude bytes (a serial number).
    public mutating func unsignedInteger(magnitude: some Collection<UInt8>, tag: DERTag = .integer) {
        var content = Array(magnitude.drop(while: { $0 == 0 }))
        if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
        element(tag, content: content)
    }

    /// A BOOLEAN (`0xFF` for true, as DER requires).
    public mutating func boolean(_ value: Bool, tag: DERTag = .boolean) {
        element(tag, content: [value ? 0xFF : 0x00])
    }

    /// A NULL.
    public mutating func null(tag: DERTag = .null) {
        element(tag, content: [])
    }

    /// An OCTET STRING.
    public mutating func octetString(_ value: some Collection<UInt8>, tag: DERTag = .octetString) {
        element(tag, content: value)
    }

    /// A BIT STRING of whole bytes.
    public mutating func bitString(_ value: some Collection<UInt8>) {
        element(.bitString, content: [0] + Array(value))
    }

    /// A UTF8String (or an implicitly tagged one).
    public mutating func utf8String(_ value: String, tag: DERTag = .utf8String) {
        element(tag, content: Array(value.utf8))
    }

    /// An OBJECT IDENTIFIER from dotted text. Traps on text that is not an OID: callers
    /// pass constants.
    public mutating func objectIdentifier(_ dotted: String) {
        let arcs = dotted.split(separator: ".").map { UInt64($0)! }
        precondition(arcs.count >= 2 && arcs[0] <= 2, "\(dotted) is not an OBJECT IDENTIFIER")
        var content: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            var group: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                group.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            content += group
        }
        element(.objectIdentifier, content: content)
    }

    private mutating func appendIdentifier(_ tag: DERTag) {
        let head = tag.tagClass.rawValue << 6 | (tag.isConstructed ? 0x20 : 0)
        if tag.number < 31 {
            bytes.append(head | UInt8(tag.number))
            return
        }
        bytes.append(head | 0x1F)
        var groups: [UInt8] = [UInt8(tag.number & 0x7F)]
        var rest = tag.number >> 7
        while rest > 0 {
            groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        bytes += groups
    }

    private mutating func appendLength(_ count: Int) {
        if count < 0x80 {
            bytes.append(UInt8(count))
            return
        }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 {
            octets.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        bytes.append(0x80 | UInt8(octets.count))
        bytes += octets
    }
}
