// The checks of the `SigningPayload` libFuzzer harness (Fuzz/SigningPayload/), shared with
// FuzzCorpusReplayTests: scripts/fuzz.sh compiles this file into the harness, which links
// an instrumented DeviceBinding module, so the harness and the replay test run exactly the
// same code. Public API only; keep it free of Testing.
import DeviceBinding
import Foundation

/// One fuzz input as signing payload text (what the client decodes from `signingPayload`
/// and signs), parsed with ``SigningPayload/init(parsing:)`` and checked:
///
/// - parse → render round-trips byte for byte (the format has one text per payload), and
///   the parsed fields rebuild the same payload through the public initialisers;
/// - every parsed payload obeys the documented field rules, and carries over the wire in
///   `ChallengeCreated` / `EnrollmentCreated` unchanged;
/// - parsing is the same for `[UInt8]`, `Data` and a slice that does not start at 0, and
///   errors name a line of the input and a field of the format;
/// - each line's value goes through the field decoders (base64url, RFC 3339, lowercase
///   hex, PIN), which round-trip whatever they accept and agree with Foundation.
enum SigningPayloadFuzz {
    /// A broken invariant.
    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    /// The field names of lines 2 to 10, in order (the format's, not read from the library).
    static let fieldNames = ["kind", "id", "nonce", "account", "device", "key", "purpose", "action-sha256", "expires"]

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Violation(description: message()) }
    }

    /// Runs every check on one input.
    /// - Throws: ``Violation`` for the first broken invariant.
    static func check(_ bytes: [UInt8]) throws {
        let parsed = Result { () throws(SigningPayloadError) -> SigningPayload in try SigningPayload(parsing: bytes) }
        let fromData = Result { () throws(SigningPayloadError) -> SigningPayload in try SigningPayload(parsing: Data(bytes)) }
        let fromSlice = Result { () throws(SigningPayloadError) -> SigningPayload in
            try SigningPayload(parsing: ([0x0A] + bytes).dropFirst())
        }
        for other in [fromData, fromSlice] {
            switch (parsed, other) {
            case (.success(let a), .success(let b)):
                try require(a == b, "the same bytes parse to different payloads by collection type")
            case (.failure(let a), .failure(let b)):
                try require(a.code == b.code && a.line == b.line && a.field == b.field, "the same bytes fail differently by collection type")
            default:
                throw Violation(description: "the same bytes parse by one collection type and not by another")
            }
        }
        switch parsed {
        case .success(let payload): try checkPayload(payload, bytes)
        case .failure(let error): try checkError(error, bytes)
        }
        try checkLineValues(bytes)
    }

    // MARK: Payloads

    static func checkPayload(_ payload: SigningPayload, _ bytes: [UInt8]) throws {
        try require(bytes.count <= SigningPayload.maximumByteCount, "a payload over \(SigningPayload.maximumByteCount) bytes parsed")
        try require(payload.rendered == Data(bytes), "parse → render does not give the input back")
        try require(Array(payload.text.utf8) == bytes, "text is not the input")
        try require((try? SigningPayload(parsing: payload.rendered)) == payload, "the rendered payload does not parse to itself")

        // The documented field rules.
        try require(payload.nonce.count == SigningPayload.nonceByteCount, "a nonce of \(payload.nonce.count) bytes")
        for (name, value) in [("id", payload.id), ("account", payload.account), ("device", payload.device ?? "x")] {
            try require((1...SigningPayload.maximumIdentifierByteCount).contains(value.utf8.count), "\(name) of \(value.utf8.count) bytes")
            try require(
                !value.unicodeScalars.contains { [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) },
                "\(name) holds a control or format character")
            try require(
                value.unicodeScalars.first?.properties.isWhitespace == false && value.unicodeScalars.last?.properties.isWhitespace == false,
                "\(name) begins or ends with whitespace")
        }
        if let hash = payload.actionSHA256 {
            try require(
                hash.utf8.count == 64 && hash.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) },
                "action-sha256 is not 64 lowercase hex digits")
        }
        switch payload.subject {
        case .enrollment:
            try require(
                payload.kind == .enrollment && payload.device == nil && payload.key == nil && payload.purpose == nil,
                "an enrollment's accessors are inconsistent")
            try require(payload.actionSHA256 == nil, "an enrollment carries an action hash")
        case .challenge(let device, let key, let purpose):
            try require(
                payload.kind == .challenge && payload.device == device && payload.key == key && payload.purpose == purpose,
                "a challenge's accessors are inconsistent")
            try require(purpose != .action || payload.actionSHA256 != nil, "an action challenge without an action hash")
        }
        try require(payload.confirms(action: nil) == (payload.actionSHA256 == nil), "confirms(action: nil) is wrong")
        try require((try? RFC3339Timestamp(parsing: payload.expires.description)) == payload.expires, "expires does not round-trip")

        // The public initialisers rebuild it from its fields.
        let rebuilt = try? SigningPayload(
            subject: payload.subject, id: payload.id, nonce: payload.nonce, account: payload.account,
            actionSHA256: payload.actionSHA256, expires: payload.expires)
        try require(rebuilt == payload, "the fields of a parsed payload do not rebuild it")
        switch payload.subject {
        case .enrollment:
            let made = try? SigningPayload.enrollment(id: payload.id, nonce: payload.nonce, account: payload.account, expires: payload.expires)
            try require(made == payload, "SigningPayload.enrollment does not rebuild it")
        case .challenge(let device, let key, let purpose) where payload.actionSHA256 == nil:
            let made = try? SigningPayload.challenge(
                id: payload.id, nonce: payload.nonce, account: payload.account, device: device, key: key, purpose: purpose,
                action: nil, expires: payload.expires)
            try require(made == payload, "SigningPayload.challenge does not rebuild it")
        case .challenge:
            break
        }

        // Over the wire, as the server sends it and the client reads it.
        switch payload.kind {
        case .challenge:
            let created = ChallengeCreated(payload: payload)
            try require(created.challengeId == payload.id && created.expiresAt == payload.expires, "ChallengeCreated(payload:) fields")
            let received = try WireCoding.decode(ChallengeCreated.self, from: WireCoding.encode(created))
            try require(received == created && (try? received.decodedPayload()) == payload, "a challenge payload changed over the wire")
        case .enrollment:
            let created = EnrollmentCreated(payload: payload)
            try require(created.enrollmentId == payload.id && created.expiresAt == payload.expires, "EnrollmentCreated(payload:) fields")
            let received = try WireCoding.decode(EnrollmentCreated.self, from: WireCoding.encode(created))
            try require(received == created && (try? received.decodedPayload()) == payload, "an enrollment payload changed over the wire")
        }
    }

    static func checkError(_ error: SigningPayloadError, _ bytes: [UInt8]) throws {
        try require((error.code == .tooLarge) == (bytes.count > SigningPayload.maximumByteCount), "tooLarge for \(bytes.count) bytes")
        if bytes.count <= SigningPayload.maximumByteCount {
            var valid = String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
            if #available(macOS 15, iOS 18, *) {
                let validated = String(validating: bytes, as: UTF8.self) != nil
                try require(validated == valid, "String(validating:) and decode-and-compare disagree on UTF-8")
                valid = validated
            }
            try require((error.code == .notUTF8) == !valid, "notUTF8 is \(error.code == .notUTF8) for valid UTF-8 \(valid)")
            if valid {
                // Then, in this order: the final \n, any \r, then the lines.
                if bytes.last != 0x0A {
                    try require(
                        error.code == .missingLine && error.line == bytes.lazy.filter { $0 == 0x0A }.count + 1,
                        "no final \\n, but \(error.code) on line \(error.line ?? 0)")
                } else if bytes.contains(0x0D) {
                    try require(
                        error.code == .carriageReturn && error.line == lineOf(0x0D, in: bytes),
                        "a \\r, but \(error.code) on line \(error.line ?? 0)")
                } else {
                    try require(error.code != .carriageReturn, "carriageReturn without a \\r")
                }
            }
        }
        let lineCount = bytes.lazy.filter { $0 == 0x0A }.count + 1
        if let line = error.line {
            try require(line >= 1 && line <= max(lineCount, fieldNames.count + 2), "error on line \(line) of \(lineCount)")
        }
        if let field = error.field {
            try require(fieldNames.contains(field), "error names an unknown field \(field)")
        }
        let description = error.description
        try require(description.hasPrefix("SigningPayloadError.\(error.code)"), "the description does not start with the code")
    }

    /// The 1-based line of the first `byte`, or `Int.max`.
    static func lineOf(_ byte: UInt8, in bytes: [UInt8]) -> Int {
        guard let index = bytes.firstIndex(of: byte) else { return .max }
        return bytes[..<index].lazy.filter { $0 == 0x0A }.count + 1
    }

    // MARK: Field decoders

    /// Each `name: value` line (the first 16) through the decoder of every field type.
    static func checkLineValues(_ bytes: [UInt8]) throws {
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(16) {
            let text = String(decoding: line, as: UTF8.self)
            let value = text.range(of: ": ").map { String(text[$0.upperBound...]) } ?? text
            try checkBase64URL(value)
            try checkTimestamp(value)
            try checkHex(value)
            try checkPIN(value)
        }
        // Arbitrary bytes encode and decode back.
        let prefix = bytes.prefix(256)
        try require((try? Base64URL.decode(Base64URL.encode(prefix))) == Data(prefix), "Base64URL does not round-trip bytes")
        try require((try? LowercaseHex.decode(LowercaseHex.encode(prefix))) == Array(prefix), "LowercaseHex does not round-trip bytes")
    }

    static func checkBase64URL(_ text: String) throws {
        guard let bytes = try? Base64URL.decode(text) else { return }
        try require(Base64URL.encode(bytes) == text, "base64url \(text) decodes but does not re-encode to itself")
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        try require(Data(base64Encoded: standard) == bytes, "Foundation reads base64url \(text) differently")
    }

    static func checkTimestamp(_ text: String) throws {
        guard let timestamp = try? RFC3339Timestamp(parsing: text) else { return }
        try require(timestamp.description == text, "RFC 3339 \(text) reads back as \(timestamp.description)")
        try require((try? RFC3339Timestamp(secondsSince1970: timestamp.secondsSince1970)) == timestamp, "seconds do not round-trip")
        // Foundation agrees on the Gregorian years (it switches to the Julian calendar before 1582).
        if let year = Int(text.prefix(4)), year >= 1600 {
            let formatter = ISO8601DateFormatter()
            let date = formatter.date(from: text)
            try require(
                date.map { Int64($0.timeIntervalSince1970) } == timestamp.secondsSince1970,
                "RFC 3339 \(text) is \(timestamp.secondsSince1970) s, Foundation says \(date.map { "\($0.timeIntervalSince1970)" } ?? "invalid")")
        }
    }

    static func checkHex(_ text: String) throws {
        guard let bytes = try? LowercaseHex.decode(text) else { return }
        try require(LowercaseHex.encode(bytes) == text, "hex \(text) does not re-encode to itself")
    }

    static func checkPIN(_ text: String) throws {
        guard let pin = try? PIN(text) else {
            try require(!((6...12).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) }), "PIN(\(text)) refused")
            return
        }
        try require(pin.revealedDigits == text && "\(pin)" == "PIN(redacted)", "PIN(\(text)) changed or shows its digits")
    }
}
