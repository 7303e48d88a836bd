import ASN1DER
import Foundation

/// Reads an `AuthorizationList` SEQUENCE: each entry an EXPLICIT context tag that Android
/// defines, at most once; any order (some devices do not encode them ascending).
enum AuthorizationListParser {
    static func parse(_ reader: inout DERReader) throws(DERError) -> AuthorizationList {
        try reader.readConstructed { (entries) throws(DERError) in
            var list = AuthorizationList()
            var seen = Set<UInt32>()
            while !entries.isAtEnd {
                let at = entries.offset
                let entry = try entries.read()
                guard entry.tag.tagClass == .contextSpecific, entry.tag.isConstructed else {
                    throw DERError(.unexpectedTag, at: at, "an AuthorizationList entry must be an EXPLICIT context tag, found \(entry.tag)")
                }
                let number = entry.tag.number
                guard let kind = AuthorizationListTag.known(number) else {
                    throw DERError(.unexpectedTag, at: at, "unknown AuthorizationList tag [\(number)]")
                }
                guard seen.insert(number).inserted else {
                    throw DERError(.invalidContent, at: at, "AuthorizationList tag [\(number)] appears twice")
                }
                var value = try entry.contents()
                try read(kind, from: &value, into: &list)
                try value.finish("AuthorizationList tag [\(number)]")
                list.tagOrder.append(Int(number))
            }
            return list
        }
    }

    private static func read(_ kind: AuthorizationListTag, from value: inout DERReader, into list: inout AuthorizationList) throws(DERError) {
        switch kind {
        case .integer(let field):
            list[keyPath: field] = try value.readInteger(Int.self)
        case .integerSet(let field):
            list[keyPath: field] = try value.readConstructed(.set) { (set) throws(DERError) in
                var members: [Int] = []
                while !set.isAtEnd { members.append(try set.readInteger(Int.self)) }
                return members
            }
        case .flag(let field):
            try value.readNull()
            list[keyPath: field] = true
        case .octetString(let field):
            list[keyPath: field] = Data(try value.readOctetString())
        case .rootOfTrust:
            list.rootOfTrust = try RootOfTrustParser.parse(&value)
        case .attestationApplicationId:
            list.attestationApplicationId = try AttestationApplicationIdParser.parse(value.read(.octetString))
        }
    }
}

/// Reads `RootOfTrust ::= SEQUENCE { verifiedBootKey OCTET STRING, deviceLocked BOOLEAN,
/// verifiedBootState ENUMERATED, verifiedBootHash OCTET STRING (version 3 on) }`.
enum RootOfTrustParser {
    static func parse(_ reader: inout DERReader) throws(DERError) -> RootOfTrust {
        try reader.readConstructed { (fields) throws(DERError) in
            let key = Data(try fields.readOctetString())
            let locked = try fields.readLenientBoolean()
            let at = fields.offset
            let rawState = try fields.readInteger(Int.self, tag: .enumerated)
            guard let state = RootOfTrust.VerifiedBootState(rawValue: rawState) else {
                throw DERError(.invalidContent, at: at, "verifiedBootState \(rawState) is not 0 to 3")
            }
            let hash = try fields.readOptional(.octetString).map { Data($0.content) }
            return RootOfTrust(verifiedBootKey: key, deviceLocked: locked, verifiedBootState: state, verifiedBootHash: hash)
        }
    }
}

/// Reads the DER inside tag 709's OCTET STRING: `SEQUENCE { SET OF AttestationPackageInfo
/// { packageName OCTET STRING, version INTEGER }, SET OF signatureDigest OCTET STRING }`.
enum AttestationApplicationIdParser {
    static func parse(_ octetString: DERElement) throws(DERError) -> AttestationApplicationId {
        var reader = try octetString.encapsulated()
        let der = Data(octetString.content)
        let id = try reader.readConstructed { (fields) throws(DERError) in
            let packages = try fields.readConstructed(.set) { (set) throws(DERError) in
                var packages: [AttestationApplicationId.PackageInfo] = []
                while !set.isAtEnd {
                    packages.append(
                        try set.readConstructed { (info) throws(DERError) in
                            let at = info.offset
                            let nameBytes = try info.readOctetString()
                            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                                throw DERError(.invalidContent, at: at, "a package name that is not UTF-8")
                            }
                            return AttestationApplicationId.PackageInfo(name: name, version: try info.readInteger(Int.self))
                        })
                }
                return packages
            }
            let digests = try fields.readConstructed(.set) { (set) throws(DERError) in
                var digests: [Data] = []
                while !set.isAtEnd { digests.append(Data(try set.readOctetString())) }
                return digests
            }
            return AttestationApplicationId(packageInfos: packages, signatureDigests: digests, der: der)
        }
        try reader.finish("attestationApplicationId")
        return id
    }
}

extension DERReader {
    /// A BOOLEAN read as BER does: one content byte, any non-zero value true. RootOfTrust's
    /// `deviceLocked` needs this: some devices encode TRUE as `01`, not DER's `FF`.
    mutating func readLenientBoolean() throws(DERError) -> Bool {
        let element = try read(.boolean)
        guard element.content.count == 1, let byte = element.content.first else {
            throw DERError(.invalidContent, at: element.offset, "a BOOLEAN has \(element.content.count) content bytes, not 1")
        }
        return byte != 0
    }
}
