/// The identifier octets of a DER element: class, primitive or constructed, and number.
///
/// Tag numbers above 30 use the multi-byte form (X.690 §8.1.2.4); Android's
/// KeyDescription uses them (for example `[701]` for the creation time).
public struct DERTag: Sendable, Hashable, CustomStringConvertible {
    /// The four tag classes of X.690.
    public enum TagClass: UInt8, Sendable, Hashable {
        case universal = 0, application = 1, contextSpecific = 2, `private` = 3
    }

    /// The tag's class.
    public let tagClass: TagClass
    /// Whether the element holds other elements.
    public let isConstructed: Bool
    /// The tag number within its class.
    public let number: UInt32

    /// A tag of `tagClass`, constructed or not, numbered `number`.
    public init(_ tagClass: TagClass, constructed: Bool, number: UInt32) {
        self.tagClass = tagClass
        self.isConstructed = constructed
        self.number = number
    }

    /// A context-specific tag `[number]`, constructed (the form of EXPLICIT tagging).
    public static func context(_ number: UInt32, constructed: Bool = true) -> DERTag {
        DERTag(.contextSpecific, constructed: constructed, number: number)
    }

    public static let boolean = DERTag(.universal, constructed: false, number: 1)
    public static let integer = DERTag(.universal, constructed: false, number: 2)
    public static let bitString = DERTag(.universal, constructed: false, number: 3)
    public static let octetString = DERTag(.universal, constructed: false, number: 4)
    public static let null = DERTag(.universal, constructed: false, number: 5)
    public static let objectIdentifier = DERTag(.universal, constructed: false, number: 6)
    public static let enumerated = DERTag(.universal, constructed: false, number: 10)
    public static let utf8String = DERTag(.universal, constructed: false, number: 12)
    public static let printableString = DERTag(.universal, constructed: false, number: 19)
    public static let utcTime = DERTag(.universal, constructed: false, number: 23)
    public static let generalizedTime = DERTag(.universal, constructed: false, number: 24)
    public static let sequence = DERTag(.universal, constructed: true, number: 16)
    public static let set = DERTag(.universal, constructed: true, number: 17)

    /// `[UNIVERSAL 16]`-style text: class, number, and `c` when constructed.
    public var description: String {
        let prefix: String
        switch tagClass {
        case .universal: prefix = "UNIVERSAL"
        case .application: prefix = "APPLICATION"
        case .contextSpecific: prefix = ""
        case .private: prefix = "PRIVATE"
        }
        let name = prefix.isEmpty ? "[\(number)]" : "[\(prefix) \(number)]"
        return isConstructed ? name + "c" : name
    }
}
