import ASN1DER

/// Readable text for an X.501 Name (`CN=…, O=…`), most specific attribute last as
/// certificates list them. For display only: comparisons use the DER bytes.
enum DistinguishedName {
    private static let shortNames: [String: String] = [
        "2.5.4.3": "CN", "2.5.4.5": "serialNumber", "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.8": "ST",
        "2.5.4.10": "O", "2.5.4.11": "OU", "2.5.4.12": "title", "1.2.840.113549.1.9.1": "emailAddress",
    ]

    static func summary(of name: [UInt8]) -> String {
        guard var reader = try? DERReader(name), let sequence = try? reader.read(.sequence),
            var rdns = try? sequence.contents()
        else { return "<unreadable name>" }
        var parts: [String] = []
        while !rdns.isAtEnd {
            guard let set = try? rdns.read(.set), var attributes = try? set.contents() else { break }
            while !attributes.isAtEnd {
                guard let pair = try? attributes.read(.sequence), var fields = try? pair.contents(),
                    let oid = try? fields.readObjectIdentifier()
                else { break }
                let value = (try? fields.readString()) ?? "#…"
                parts.append("\(shortNames[oid] ?? oid)=\(value)")
            }
        }
        return parts.isEmpty ? "<empty name>" : parts.joined(separator: ", ")
    }
}
