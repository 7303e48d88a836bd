/// One element read by a ``DERReader``: its tag, its content and its whole encoding, as
/// slices that keep the offsets of the outermost input.
public struct DERElement: Sendable {
    /// The element's tag.
    public let tag: DERTag
    private let input: [UInt8]
    private let contentRange: Range<Int>
    private let encodedRange: Range<Int>
    private let depth: Int
    private let limits: DERReader.Limits

    init(tag: DERTag, input: [UInt8], contentRange: Range<Int>, encodedRange: Range<Int>, depth: Int, limits: DERReader.Limits) {
        self.tag = tag
        self.input = input
        self.contentRange = contentRange
        self.encodedRange = encodedRange
        self.depth = depth
        self.limits = limits
    }

    /// The content octets (after identifier and length).
    public var content: ArraySlice<UInt8> { input[contentRange] }

    /// The whole encoding: identifier, length and content.
    public var encoded: ArraySlice<UInt8> { input[encodedRange] }

    /// Where the element starts in the outermost input.
    public var offset: Int { encodedRange.lowerBound }

    /// A reader over the content of a constructed element, one level deeper.
    public func contents() throws(DERError) -> DERReader {
        guard tag.isConstructed else {
            throw DERError(.invalidContent, at: offset, "\(tag) is primitive and holds no elements")
        }
        guard depth + 1 <= limits.maximumDepth else {
            throw DERError(.tooDeep, at: offset, "nesting deeper than \(limits.maximumDepth) levels")
        }
        return DERReader(input: input, range: contentRange, depth: depth + 1, limits: limits)
    }

    /// A reader over the content of a primitive element that wraps DER (an OCTET STRING
    /// holding an extension value, a BIT STRING holding a key), one level deeper.
    public func encapsulated() throws(DERError) -> DERReader {
        guard depth + 1 <= limits.maximumDepth else {
            throw DERError(.tooDeep, at: offset, "nesting deeper than \(limits.maximumDepth) levels")
        }
        var range = contentRange
        if tag == .bitString {
            guard input[range].first == 0 else {
                throw DERError(.invalidContent, at: offset, "a BIT STRING that wraps DER must have no unused bits")
            }
            range = (range.lowerBound + 1)..<range.upperBound
        }
        return DERReader(input: input, range: range, depth: depth + 1, limits: limits)
    }
}
