/// A strict, bounded reader of DER (X.690) elements.
///
/// Written by hand because parsing attestation extensions (App Attest's nonce, Android's
/// KeyDescription) and certificate fields on iOS needs a reader that runs without OpenSSL
/// and refuses what DER forbids: indefinite or non-minimal lengths, non-minimal tag
/// numbers, input over ``Limits/maximumSize`` and nesting over ``Limits/maximumDepth``.
/// Every slice it hands out keeps the offsets of the outermost input, so errors point at
/// the exact byte. It never traps on any input.
public struct DERReader: Sendable {
    /// Bounds that keep a hostile input from costing memory or stack.
    public struct Limits: Sendable, Hashable {
        /// Largest input accepted, in bytes.
        public var maximumSize: Int
        /// Deepest nesting of constructed elements accepted.
        public var maximumDepth: Int

        /// 64 KiB and 16 levels unless told otherwise: more than any certificate
        /// extension or attestation structure needs.
        public init(maximumSize: Int = 64 * 1024, maximumDepth: Int = 16) {
            self.maximumSize = maximumSize
            self.maximumDepth = maximumDepth
        }
    }

    /// The whole outermost input, shared (not copied) by every nested reader.
    private let input: [UInt8]
    private var remaining: ArraySlice<UInt8>
    /// How many constructed elements enclose this reader's content.
    public let depth: Int
    /// The bounds this reader and its children apply.
    public let limits: Limits

    /// A reader over `bytes`, refused when they exceed `limits.maximumSize`.
    public init(_ bytes: [UInt8], limits: Limits = Limits()) throws(DERError) {
        guard bytes.count <= limits.maximumSize else {
            throw DERError(.tooLarge, at: 0, "\(bytes.count) bytes is over the limit of \(limits.maximumSize)")
        }
        self.init(input: bytes, range: bytes.startIndex..<bytes.endIndex, depth: 0, limits: limits)
    }

    init(input: [UInt8], range: Range<Int>, depth: Int, limits: Limits) {
        self.input = input
        self.remaining = input[range]
        self.depth = depth
        self.limits = limits
    }

    /// Whether every element has been read.
    public var isAtEnd: Bool { remaining.isEmpty }

    /// The offset of the next unread byte in the outermost input.
    public var offset: Int { remaining.startIndex }

    /// Throws ``DERError/Code/trailingBytes`` unless every element has been read.
    public func finish(_ what: @autoclosure () -> String = "the structure") throws(DERError) {
        guard remaining.isEmpty else {
            throw DERError(.trailingBytes, at: offset, "\(remaining.count) bytes follow the end of \(what())")
        }
    }

    /// The tag of the next element without consuming it, or nil at the end.
    public func peekTag() throws(DERError) -> DERTag? {
        guard !remaining.isEmpty else { return nil }
        var copy = self
        return try copy.readIdentifier()
    }

    /// The next element, whatever its tag.
    public mutating func read() throws(DERError) -> DERElement {
        let start = remaining.startIndex
        let tag = try readIdentifier()
        let length = try readLength()
        guard length <= remaining.count else {
            throw DERError(.truncated, at: start, "\(tag) claims \(length) bytes, \(remaining.count) remain")
        }
        let contentStart = remaining.startIndex
        let content = remaining[contentStart..<(contentStart + length)]
        remaining = remaining[(contentStart + length)...]
        return DERElement(
            tag: tag, input: input, contentRange: content.indices,
            encodedRange: start..<(contentStart + length), depth: depth, limits: limits
        )
    }

    /// The next element, which must carry `tag`.
    public mutating func read(_ tag: DERTag) throws(DERError) -> DERElement {
        let at = offset
        let element = try read()
        guard element.tag == tag else {
            throw DERError(.unexpectedTag, at: at, "expected \(tag), found \(element.tag)")
        }
        return element
    }

    /// The next element if it carries `tag`; nil (consuming nothing) otherwise.
    public mutating func readOptional(_ tag: DERTag) throws(DERError) -> DERElement? {
        guard try peekTag() == tag else { return nil }
        return try read(tag)
    }

    /// Reads a constructed element tagged `tag` (a SEQUENCE by default), hands its content
    /// to `body`, and requires `body` to consume all of it.
    public mutating func readConstructed<T>(
        _ tag: DERTag = .sequence, _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        var inner = try read(tag).contents()
        let value = try body(&inner)
        try inner.finish("\(tag)")
        return value
    }

    // MARK: - Identifier and length

    private mutating func nextByte(_ what: String) throws(DERError) -> UInt8 {
        guard let byte = remaining.first else {
            throw DERError(.truncated, at: remaining.startIndex, "the input ends inside \(what)")
        }
        remaining = remaining.dropFirst()
        return byte
    }

    private mutating func readIdentifier() throws(DERError) -> DERTag {
        let at = offset
        let first = try nextByte("an identifier")
        let tagClass = DERTag.TagClass(rawValue: first >> 6)!
        let constructed = first & 0x20 != 0
        var number = UInt32(first & 0x1F)
        if number == 0x1F {
            number = 0
            var octets = 0
            while true {
                let byte = try nextByte("a tag number")
                octets += 1
                if octets == 1 && byte == 0x80 {
                    throw DERError(.invalidTag, at: at, "a multi-byte tag number starts with a zero group")
                }
                guard octets <= 4 else { throw DERError(.invalidTag, at: at, "a tag number longer than 4 bytes") }
                number = (number << 7) | UInt32(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            guard number >= 31 else {
                throw DERError(.invalidTag, at: at, "tag number \(number) must use the one-byte form")
            }
        }
        return DERTag(tagClass, constructed: constructed, number: number)
    }

    private mutating func readLength() throws(DERError) -> Int {
        let at = offset
        let first = try nextByte("a length")
        if first < 0x80 { return Int(first) }
        guard first != 0x80 else { throw DERError(.invalidLength, at: at, "indefinite lengths are not DER") }
        let count = Int(first & 0x7F)
        var length = 0
        for index in 0..<count {
            let byte = try nextByte("a length")
            if index == 0 && byte == 0 { throw DERError(.invalidLength, at: at, "a long-form length starts with zero") }
            // Checked before the shift, so that no count of length octets can overflow.
            guard length <= limits.maximumSize >> 8 else {
                throw DERError(.invalidLength, at: at, "a length of \(count) bytes is over the limit of \(limits.maximumSize)")
            }
            length = (length << 8) | Int(byte)
        }
        guard length >= 0x80 else { throw DERError(.invalidLength, at: at, "length \(length) must use the short form") }
        guard length <= limits.maximumSize else {
            throw DERError(.invalidLength, at: at, "length \(length) is over the limit of \(limits.maximumSize)")
        }
        return length
    }
}
