import Foundation

extension SigningPayload {
    /// Parses payload text strictly: exactly the ten lines in order, each `name: value`
    /// ending in `\n`, nothing before, between or after.
    ///
    /// - Throws: ``SigningPayloadError`` naming the 1-based line, the field and the reason
    ///   for the first deviation found.
    public init<D: DataProtocol>(parsing data: D) throws(SigningPayloadError) {
        guard data.count <= Self.maximumByteCount else {
            throw SigningPayloadError(.tooLarge, "a signing payload is at most \(Self.maximumByteCount) bytes")
        }
        let bytes = Array(data)
        guard UTF8Validation.string(bytes) != nil else {
            throw SigningPayloadError(.notUTF8, "a signing payload is UTF-8 text")
        }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // A terminated last line leaves an empty piece after the final "\n".
        if lines.last?.isEmpty == true {
            lines.removeLast()
        } else {
            throw SigningPayloadError(.missingLine, line: lines.count, "every line, the last included, must end with \\n")
        }
        let expectedCount = 1 + Self.fieldNames.count
        for (offset, line) in lines.enumerated() where line.contains(UInt8(ascii: "\r")) {
            throw SigningPayloadError(.carriageReturn, line: offset + 1, "lines end with \\n only, without \\r")
        }

        // Line 1: the version.
        guard let first = lines.first else {
            throw SigningPayloadError(.missingLine, line: 1, "the payload is empty; it starts with `\(DeviceBindingProtocol.version)`")
        }
        guard first.elementsEqual(DeviceBindingProtocol.version.utf8) else {
            if first.starts(with: "devicetrust-".utf8) {
                throw SigningPayloadError(.unsupportedVersion, line: 1, "only `\(DeviceBindingProtocol.version)` is understood")
            }
            throw SigningPayloadError(.unexpectedLine, line: 1, "the first line must be exactly `\(DeviceBindingProtocol.version)`")
        }

        // Lines 2–10: `name: value`.
        var values: [String] = []
        for (offset, name) in Self.fieldNames.enumerated() {
            let lineNumber = offset + 2
            guard lineNumber <= lines.count else {
                throw SigningPayloadError(.missingLine, line: lineNumber, field: name, "the payload ends before the `\(name)` line")
            }
            let line = lines[lineNumber - 1]
            let prefix = Array((name + ": ").utf8)
            guard line.starts(with: prefix) else {
                throw SigningPayloadError(
                    .unexpectedLine, line: lineNumber, field: name,
                    "expected `\(name): ` followed by the value (fields in order, one space after the colon)"
                )
            }
            values.append(String(decoding: line.dropFirst(prefix.count), as: UTF8.self))
        }
        guard lines.count == expectedCount else {
            throw SigningPayloadError(.unexpectedLine, line: expectedCount + 1, "nothing may follow the `expires` line")
        }

        try self.init(lineValues: values)
    }

    /// Builds the payload from the values of lines 2–10, checking each with its line number.
    private init(lineValues v: [String]) throws(SigningPayloadError) {
        func invalid(_ index: Int, _ why: String) -> SigningPayloadError {
            SigningPayloadError(.invalidValue, line: index + 2, field: Self.fieldNames[index], why)
        }
        guard let kind = Kind(rawValue: v[0]) else { throw invalid(0, "the kind must be `challenge` or `enrollment`") }
        try Self.checkIdentifier(v[1], field: "id", line: 3)
        let nonce: Data
        do {
            nonce = try Base64URL.decode(v[2])
        } catch {
            throw invalid(2, "the nonce must be base64url without padding")
        }
        guard nonce.count == Self.nonceByteCount else {
            throw invalid(2, "the nonce must encode exactly \(Self.nonceByteCount) bytes")
        }
        try Self.checkIdentifier(v[3], field: "account", line: 5)

        let subject: Subject
        switch kind {
        case .enrollment:
            guard v[4].isEmpty else { throw invalid(4, "an enrollment has no device; the line must be `device: `") }
            guard v[5].isEmpty else { throw invalid(5, "an enrollment has no key; the line must be `key: `") }
            guard v[6] == Self.enrollmentPurpose else { throw invalid(6, "an enrollment's purpose is `enroll`") }
            subject = .enrollment
        case .challenge:
            try Self.checkIdentifier(v[4], field: "device", line: 6)
            guard let key = KeyKind(rawValue: v[5]) else { throw invalid(5, "the key must be `biometric` or `device`") }
            guard let purpose = Purpose(rawValue: v[6]) else {
                throw invalid(6, "the purpose must be one of unlock, action, pin_change, rebind_biometric, remove_device")
            }
            subject = .challenge(device: v[4], key: key, purpose: purpose)
        }

        let action: String? = v[7].isEmpty ? nil : v[7]
        if let action { try Self.checkActionHash(action, line: 9) }
        try Self.checkConsistency(subject: subject, hasAction: action != nil, line: 9)

        let expires: RFC3339Timestamp
        do {
            expires = try RFC3339Timestamp(parsing: v[8])
        } catch {
            throw invalid(8, "the expiry must be an RFC 3339 UTC time like 2026-01-31T23:59:59Z")
        }
        try self.init(subject: subject, id: v[1], nonce: nonce, account: v[3], actionSHA256: action, expires: expires)
    }
}
