import ASN1DER
import Foundation

/// RFC 5280 §4.1 over ``DERReader``: every field in order, nothing left over.
enum CertificateParser {
    static func parse(_ der: [UInt8]) throws(DERError) -> Certificate {
        var outer = try DERReader(der)
        let certificate = try outer.read(.sequence)
        try outer.finish("the certificate")
        var body = try certificate.contents()
        let tbsElement = try body.read(.sequence)
        var tbs = try tbsElement.contents()
        let outerAlgorithm = try body.read(.sequence)
        var signatureFields = try outerAlgorithm.contents()
        let signatureAlgorithm = try signatureFields.readObjectIdentifier()
        if !signatureFields.isAtEnd { _ = try signatureFields.read() }  // parameters (NULL for RSA; absent, or NULL on some StrongBox leaves, for ECDSA)
        try signatureFields.finish("the signature AlgorithmIdentifier")
        let signatureValue = Array(try body.readBitStringBytes())
        try body.finish("the certificate's three fields")

        var version = 1
        if let explicit = try tbs.readOptional(.context(0)) {
            var inner = try explicit.contents()
            let encoded = try inner.readInteger(Int.self)
            try inner.finish("the version")
            // Compared before adding 1: an INTEGER of Int.max must not overflow.
            guard encoded == 1 || encoded == 2 else {
                throw DERError(.invalidContent, at: explicit.offset, "version INTEGER \(encoded) is not 1 (v2) or 2 (v3); v1 is encoded by omission")
            }
            version = encoded + 1
        }
        let serial = Array(try tbs.readIntegerBytes())
        let innerAlgorithm = try tbs.read(.sequence)
        guard innerAlgorithm.encoded.elementsEqual(outerAlgorithm.encoded) else {
            throw DERError(
                .invalidContent, at: innerAlgorithm.offset, "the TBSCertificate's signature algorithm differs from the certificate's (RFC 5280 §4.1.1.2)")
        }
        let issuer = Array(try tbs.read(.sequence).encoded)
        let (notBefore, notAfter) = try tbs.readConstructed { (validity) throws(DERError) in
            (try readTime(&validity), try readTime(&validity))
        }
        let subject = Array(try tbs.read(.sequence).encoded)
        let spkiElement = try tbs.read(.sequence)
        var spki = try spkiElement.contents()
        let (algorithm, parameters) = try spki.readConstructed { (identifier) throws(DERError) -> (String, String?) in
            let oid = try identifier.readObjectIdentifier()
            var parameter: String?
            if try identifier.peekTag() == .objectIdentifier {
                parameter = try identifier.readObjectIdentifier()
            } else if !identifier.isAtEnd {
                _ = try identifier.read()
            }
            return (oid, parameter)
        }
        let key = Array(try spki.readBitStringBytes())
        try spki.finish("the SubjectPublicKeyInfo")
        _ = try tbs.readOptional(.context(1, constructed: false))
        _ = try tbs.readOptional(.context(2, constructed: false))
        var extensions: [CertificateExtension] = []
        if let explicit = try tbs.readOptional(.context(3)) {
            var wrapper = try explicit.contents()
            extensions = try wrapper.readConstructed { (list) throws(DERError) in
                var found: [CertificateExtension] = []
                while !list.isAtEnd {
                    found.append(
                        try list.readConstructed { (item) throws(DERError) in
                            let oid = try item.readObjectIdentifier()
                            let critical = try item.peekTag() == .boolean ? try item.readBoolean() : false
                            let value = Array(try item.readOctetString())
                            return CertificateExtension(oid: oid, isCritical: critical, value: value)
                        })
                }
                // RFC 5280 §4.2: at most one instance of an extension. Two would let two
                // parsers (ours and OpenSSL's, or the verifier's and an attacker's) read
                // different nonces or key descriptions from one certificate.
                var seen = Set<String>()
                for item in found where !seen.insert(item.oid).inserted {
                    throw DERError(.invalidContent, at: explicit.offset, "extension \(item.oid) appears twice")
                }
                return found
            }
            try wrapper.finish("the extensions")
        }
        try tbs.finish("the TBSCertificate")
        return Certificate(
            der: der, version: version, serialNumber: serial, issuer: issuer, subject: subject,
            notBefore: notBefore, notAfter: notAfter, subjectPublicKeyInfo: Array(spkiElement.encoded),
            publicKeyAlgorithm: algorithm, publicKeyParameters: parameters, publicKey: key,
            signatureAlgorithm: signatureAlgorithm, extensions: extensions,
            tbsRange: tbsElement.encoded.indices, signatureValue: signatureValue
        )
    }

    /// UTCTime `YYMMDDHHMMSSZ` (years 1950–2049) or GeneralizedTime `YYYYMMDDHHMMSSZ`.
    static func readTime(_ reader: inout DERReader) throws(DERError) -> Date {
        let element = try reader.read()
        let digits = Array(element.content)
        let yearDigits: Int
        switch element.tag {
        case .utcTime: yearDigits = 2
        case .generalizedTime: yearDigits = 4
        default: throw DERError(.unexpectedTag, at: element.offset, "expected UTCTime or GeneralizedTime, found \(element.tag)")
        }
        guard digits.count == yearDigits + 11, digits.last == UInt8(ascii: "Z"),
            digits.dropLast().allSatisfy({ (0x30...0x39).contains($0) })
        else {
            throw DERError(.invalidContent, at: element.offset, "a time that is not YY(YY)MMDDHHMMSSZ")
        }
        func number(_ from: Int, _ count: Int) -> Int {
            digits[from..<(from + count)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        var year = number(0, yearDigits)
        if yearDigits == 2 { year += year < 50 ? 2000 : 1900 }
        let month = number(yearDigits, 2), day = number(yearDigits + 2, 2)
        let hour = number(yearDigits + 4, 2), minute = number(yearDigits + 6, 2), second = number(yearDigits + 8, 2)
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else {
            throw DERError(.invalidContent, at: element.offset, "a time with a field out of range")
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The number of days of `month` (1–12) in the proleptic Gregorian `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
