extension SigningPayload {
    /// Identifiers (`id`, `account`, `device`): non-empty, bounded, printable, no
    /// surrounding whitespace, so that the line form is unambiguous and nothing can hide in
    /// what the user sees.
    static func checkIdentifier(_ value: String, field: String, line: Int?) throws(SigningPayloadError) {
        func invalid(_ why: String) -> SigningPayloadError {
            SigningPayloadError(.invalidValue, line: line, field: field, why)
        }
        guard !value.isEmpty else { throw invalid("the value must not be empty") }
        guard value.utf8.count <= maximumIdentifierByteCount else {
            throw invalid("the value must be at most \(maximumIdentifierByteCount) bytes of UTF-8")
        }
        // ASCII fast path, same rules: the only ASCII control/format characters are
        // 0x00–0x1F and 0x7F, and the only ASCII whitespace they leave is the space.
        if value.utf8.allSatisfy({ $0 < 0x80 }) {
            guard value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) else {
                throw invalid("the value must not contain line breaks, control or invisible format characters")
            }
            if value.utf8.first == 0x20 || value.utf8.last == 0x20 {
                throw invalid("the value must not begin or end with whitespace")
            }
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate:
                throw invalid("the value must not contain line breaks, control or invisible format characters")
            default: break
            }
        }
        if let first = value.unicodeScalars.first, let last = value.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            throw invalid("the value must not begin or end with whitespace")
        }
    }

    /// `action-sha256`: 64 lowercase hex digits.
    static func checkActionHash(_ value: String, line: Int?) throws(SigningPayloadError) {
        guard value.utf8.count == 64, (try? LowercaseHex.decode(value)) != nil else {
            throw SigningPayloadError(
                .invalidValue, line: line, field: "action-sha256",
                "the action hash must be 64 lowercase hexadecimal digits (a SHA-256), or empty"
            )
        }
    }

    /// Enrollments carry no action; `action` challenges must carry one.
    static func checkConsistency(subject: Subject, hasAction: Bool, line: Int?) throws(SigningPayloadError) {
        switch subject {
        case .enrollment where hasAction:
            throw SigningPayloadError(
                .inconsistentFields, line: line, field: "action-sha256", "an enrollment approves no action; leave it empty"
            )
        case .challenge(_, _, .action) where !hasAction:
            throw SigningPayloadError(
                .inconsistentFields, line: line, field: "action-sha256", "a challenge with purpose `action` needs the action's hash"
            )
        default: break
        }
    }
}
