// The checks of the `RouteJSON` libFuzzer harness (Fuzz/RouteJSON/), shared with
// FuzzCorpusReplayTests: scripts/fuzz.sh compiles this file into the harness, which links
// an instrumented DeviceBinding module, so the harness and the replay test run exactly the
// same code. Public API only; keep it free of Testing.
import DeviceBinding
import DeviceTrustCrypto
import Foundation

/// One fuzz input as a JSON body: byte 0 picks the message type, the rest is the body,
/// decoded with ``WireCoding/decodeRequest(_:from:)`` as the server decodes each route's
/// request body (and with ``WireCoding/decode(_:from:)`` as the client decodes each answer),
/// then checked:
///
/// - `WireCoding` refuses only what the strict parser refuses and, for a request, what
///   ``RequestMembers`` refuses (an unknown or null member, with a ``RequestMemberError``);
///   wherever both accept, it decodes exactly what `JSONDecoder` decodes, or fails as it
///   does (its fast path must never change a result);
/// - a decoded value encodes without error, to strict JSON, that decodes to the same value
///   and encodes to the same bytes; flat messages encode as `JSONEncoder` would;
/// - the strict field decoders (keys, signatures, base64url, PINs, signing payloads, the
///   action's canonical form) round-trip whatever they accept;
/// - a PIN never shows up in a decoded value's description or in a decoding error.
enum RouteJSONFuzz {
    /// A broken invariant.
    struct Violation: Error, CustomStringConvertible {
        let description: String
    }

    /// The types byte 0 chooses from (byte % count): the five request bodies the routes
    /// decode (Sources/TrustServer/HTTP/DeviceTrustRoutes.swift), the answers the client
    /// decodes, and a bare JSON value.
    static let typeNames = [
        "EnrollmentRequest", "EnrollmentCompletion", "ChallengeRequest", "ChallengeResponse",
        "EnrollmentCreated", "EnrollmentCompleted", "ChallengeCreated", "TokenResponse", "DeviceList", "Problem",
        "TokenRedemptionRequest", "JSONValue",
    ]

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw Violation(description: message()) }
    }

    /// Runs every check on one input.
    ///
    /// - Parameter strict: also check what a known production issue breaks (see
    ///   ``numberJSONDecoderRefuses(_:)``); the harness runs with `strict: false` unless
    ///   `FUZZ_STRICT=1`, so that fuzzing goes on past the known issue.
    /// - Throws: ``Violation`` for the first broken invariant.
    static func check(_ bytes: [UInt8], strict: Bool = false) throws {
        guard let selector = bytes.first else { return }
        let body = Data(bytes.dropFirst())
        let s = strict
        switch Int(selector) % typeNames.count {
        case 0: try decodeRequest(EnrollmentRequest.self, body, strict: s, same: ==, fields: { _ in })
        case 1: try decodeRequest(EnrollmentCompletion.self, body, strict: s, same: sameEncoding, fields: checkFields)
        case 2: try decodeRequest(ChallengeRequest.self, body, strict: s, same: ==, fields: checkFields)
        case 3: try decodeRequest(ChallengeResponse.self, body, strict: s, same: sameEncoding, fields: checkFields)
        case 4: try decode(EnrollmentCreated.self, body, strict: s) { try checkPayload($0.signingPayload, $0.decodedPayload) }
        case 5: try decode(EnrollmentCompleted.self, body, strict: s)
        case 6: try decode(ChallengeCreated.self, body, strict: s) { try checkPayload($0.signingPayload, $0.decodedPayload) }
        case 7: try decode(TokenResponse.self, body, strict: s)
        case 8: try decode(DeviceList.self, body, strict: s)
        case 9: try decode(Problem.self, body, strict: s)
        case 10: try decodeRequest(TokenRedemptionRequest.self, body, strict: s, same: ==, fields: { _ in })
        default: try decode(JSONValue.self, body, strict: s, fields: checkCanonical)
        }
    }

    /// Known issues: a number literal that the strict parser reads but `JSONDecoder` refuses
    /// ("not valid JSON"), so that `WireCoding.decode`'s fast path, which hands a
    /// `JSONValue` over directly, decodes a body (a `ChallengeRequest` whose `action` holds
    /// the number) that `JSONDecoder` refuses, although "results and errors stay
    /// JSONDecoder's". Two kinds are known:
    ///
    /// - a value that is not zero but rounds to zero (`1e-400`): the strict parser reads
    ///   `0`, as CanonicalJSONNumberTests expects; JSONDecoder refuses;
    /// - `0e1` … `0e9` (also `0E5`), valid RFC 8259 numbers that swift-foundation's
    ///   JSONDecoder refuses (`0e10`, `0e+5`, `0.0e5` pass).
    ///
    /// Returns the first such literal outside strings; unless `strict`, the disagreement
    /// is tolerated when the body holds one.
    static func numberJSONDecoderRefuses(_ body: Data) -> String? {
        let bytes = Array(body)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            let token = String(decoding: bytes[start..<index], as: UTF8.self)
            if (try? JSONValue(parsing: Data(token.utf8))) != nil,
                (try? JSONDecoder().decode([Double].self, from: Data("[\(token)]".utf8))) == nil
            {
                return token
            }
        }
        return nil
    }

    // MARK: Decoding

    static func decode<T: Codable & Equatable>(
        _ type: T.Type, _ body: Data, strict: Bool, fields: (T) throws -> Void = { _ in }
    ) throws {
        try decode(type, body, strict: strict, same: ==, fields: fields)
    }

    /// For the messages that are not `Equatable` (they hold PINs): the same canonical bytes.
    static func sameEncoding<T: Encodable>(_ a: T, _ b: T) -> Bool {
        (try? WireCoding.encode(a)) == (try? WireCoding.encode(b))
    }

    /// A request body, decoded as the server decodes it (``WireCoding/decodeRequest(_:from:)``).
    static func decodeRequest<T: Codable & StrictRequestBody>(
        _ type: T.Type, _ body: Data, strict: Bool, same: (T, T) -> Bool, fields: (T) throws -> Void
    ) throws {
        try decode(
            type, body, strict: strict, members: T.requestMembers, wireDecode: { try WireCoding.decodeRequest(type, from: $0) }, same: same, fields: fields)
    }

    static func decode<T: Codable>(
        _ type: T.Type, _ body: Data, strict: Bool, same: (T, T) -> Bool, fields: (T) throws -> Void
    ) throws {
        try decode(type, body, strict: strict, members: nil, wireDecode: { try WireCoding.decode(type, from: $0) }, same: same, fields: fields)
    }

    /// The checks, with `wireDecode` the decoding under test and `members` what it checks
    /// member names against (requests only).
    static func decode<T: Codable>(
        _ type: T.Type, _ body: Data, strict: Bool, members: RequestMembers?, wireDecode: (Data) throws -> T, same: (T, T) -> Bool,
        fields: (T) throws -> Void
    ) throws {
        let name = "\(T.self)"
        let parsed = Result { try JSONValue(parsing: body) }
        let wire = Result { try wireDecode(body) }
        var memberError: RequestMemberError?
        if case .success(let tree) = parsed, let members {
            do { try members.check(tree) } catch { memberError = error }
        }
        if case .failure = parsed {
            guard case .failure(let error) = wire else {
                throw Violation(description: "\(name): WireCoding decoded a body the strict parser refuses")
            }
            try require(error is CanonicalJSONError, "\(name): the strict parser refused, WireCoding threw \(error)")
        } else if let memberError {
            guard case .failure(let error) = wire else {
                throw Violation(description: "\(name): WireCoding decoded a body with an unknown or null member")
            }
            // Not always the same error: with several bad members, two parses of the body may
            // meet them in different orders.
            try require(error is RequestMemberError, "\(name): RequestMembers refused (\(memberError)), WireCoding threw \(error)")
        } else {
            // Where the strict parser accepts, the result (or the error) is JSONDecoder's.
            let reference = Result { try JSONDecoder().decode(type, from: body) }
            switch (wire, reference) {
            case (.success(let value), .success(let expected)):
                try require(same(value, expected), "\(name): WireCoding decoded another value than JSONDecoder")
            case (.failure(let error), .failure(let expected)):
                // The same kind of error; not always the same text: with several bad entries
                // in a dictionary member, JSONDecoder reports whichever it meets first, and
                // two equal dictionaries may iterate in different orders.
                try require(
                    String(reflecting: Swift.type(of: error)) == String(reflecting: Swift.type(of: expected)),
                    "\(name): WireCoding threw \(error), JSONDecoder \(expected)")
            case (.success, .failure(let expected)):
                guard strict || numberJSONDecoderRefuses(body) == nil else { break }
                throw Violation(description: "\(name): WireCoding decoded what JSONDecoder refuses (\(expected))")
            case (.failure(let error), .success):
                throw Violation(description: "\(name): WireCoding refused what JSONDecoder decodes (\(error))")
            }
        }
        if case .success(let tree) = parsed, T.self == EnrollmentCompletion.self || T.self == ChallengeResponse.self {
            try checkPINSecrecy(tree, body, wire)
        }
        guard case .success(let value) = wire else { return }

        // Encoding: strict JSON, decodes to the same value, stable bytes.
        let encoded: Data
        do {
            encoded = try WireCoding.encode(value)
        } catch {
            throw Violation(description: "\(name): a decoded value does not encode: \(error)")
        }
        try require(
            (try? JSONValue(parsing: encoded)) != nil || encoded.count > JSONValue.maximumByteCount,
            "\(name): WireCoding.encode wrote JSON the strict parser refuses")
        let sorted = JSONEncoder()
        sorted.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try require((try? sorted.encode(value)) == encoded, "\(name): WireCoding.encode differs from JSONEncoder (sorted keys, unescaped slashes)")
        if encoded.count <= JSONValue.maximumByteCount {
            let again: T
            do {
                again = try wireDecode(encoded)
            } catch {
                throw Violation(description: "\(name): its own encoding does not decode: \(error)")
            }
            try require(same(value, again), "\(name): decode(encode(value)) is another value")
            try require((try? WireCoding.encode(again)) == encoded, "\(name): encoding is not stable")
        }
        try fields(value)
    }

    // MARK: Field decoders

    /// A base64url field: what decodes, encodes back to the same text, and Foundation reads the same bytes.
    static func checkBase64URL(_ text: String, _ field: String) throws {
        guard let bytes = try? Base64URL.decode(text) else { return }
        try require(Base64URL.encode(bytes) == text, "\(field): base64url \(text) decodes but does not re-encode to itself")
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        try require(Data(base64Encoded: standard) == bytes, "\(field): Foundation reads base64url \(text) differently")
    }

    static func checkKey(_ registration: KeyRegistration, _ field: String) throws {
        try checkBase64URL(registration.publicKey, "\(field).publicKey")
        try checkBase64URL(registration.proof, "\(field).proof")
        if let key = try? registration.decodedPublicKey() {
            let bytes = try Base64URL.decode(registration.publicKey)
            let canonical = PublicKeyEncoding.encode(key)
            try require(
                (try? PublicKeyEncoding.decode(base64url: canonical))?.x963Representation == key.x963Representation,
                "\(field).publicKey: the canonical form does not decode to the same key")
            if bytes.count == PublicKeyEncoding.x963ByteCount {
                try require(canonical == registration.publicKey && key.x963Representation == bytes, "\(field).publicKey: X9.63 form changed")
            } else {
                try require(bytes.count == PublicKeyEncoding.spkiByteCount && key.derRepresentation == bytes, "\(field).publicKey: SPKI form changed")
            }
        }
        try checkSignature(registration.proof, registration.decodedProof, "\(field).proof")
        for (index, certificate) in (registration.attestationChain ?? []).enumerated() {
            try checkBase64URL(certificate, "\(field).attestationChain[\(index)]")
        }
    }

    static func checkSignature(
        _ text: String, _ decode: () throws(WireFormatError) -> P256.Signing.ECDSASignature, _ field: String
    ) throws {
        guard let signature = try? decode() else { return }
        try require(SignatureEncoding.encode(signature) == text, "\(field): a strict-DER signature does not re-encode to itself")
        try require(signature.derRepresentation.count <= SignatureEncoding.maximumDERByteCount, "\(field): DER over 72 bytes")
    }

    static func checkPIN(_ pin: PIN?, _ field: String) throws {
        guard let pin else { return }
        let digits = pin.revealedDigits
        try require(
            (PIN.minimumLength...PIN.maximumLength).contains(digits.utf8.count)
                && digits.utf8.allSatisfy { (0x30...0x39).contains($0) }, "\(field): a PIN decoded that is not 6 to 12 digits")
        try require((try? PIN(digits)) == pin, "\(field): PIN(revealedDigits) is another PIN")
        try require("\(pin)" == "PIN(redacted)" && String(reflecting: pin) == "PIN(redacted)", "\(field): a PIN describes itself")
    }

    static func checkFields(_ completion: EnrollmentCompletion) throws {
        try checkKey(completion.deviceKey, "deviceKey")
        if let biometric = completion.biometricKey { try checkKey(biometric, "biometricKey") }
        try checkPIN(completion.pin, "pin")
        if let appAttest = completion.appAttest { try checkBase64URL(appAttest.attestation, "appAttest.attestation") }
    }

    static func checkFields(_ response: ChallengeResponse) throws {
        try checkBase64URL(response.signature, "signature")
        try checkSignature(response.signature, response.decodedSignature, "signature")
        try checkPIN(response.pin, "pin")
        try checkPIN(response.newPin, "newPin")
        if let key = response.newBiometricKey { try checkKey(key, "newBiometricKey") }
        if let assertion = response.appAttestAssertion { try checkBase64URL(assertion, "appAttestAssertion") }
    }

    /// A challenge request's action: canonical form round-trips; a payload built for it
    /// confirms exactly it.
    static func checkFields(_ request: ChallengeRequest) throws {
        guard let action = request.action else { return }
        try checkCanonical(action)
        let payload: SigningPayload
        do {
            payload = try SigningPayload.challenge(
                id: "ch_1", nonce: Data(count: SigningPayload.nonceByteCount), account: "acct-1", device: "dev-1",
                key: request.key, purpose: request.purpose, action: action,
                expires: RFC3339Timestamp(secondsSince1970: 1_769_903_999))
        } catch {
            throw Violation(description: "ChallengeRequest: no payload for a decoded action: \(error)")
        }
        try require(payload.confirms(action: action), "ChallengeRequest: the payload does not confirm its own action")
        try require(!payload.confirms(action: nil), "ChallengeRequest: the payload confirms no action")
        try require((try? SigningPayload(parsing: payload.rendered)) == payload, "ChallengeRequest: the payload does not parse back")
    }

    /// RFC 8785: a parsed value has a canonical form, which parses to the same value and is
    /// its own canonical form.
    static func checkCanonical(_ value: JSONValue) throws {
        let canonical: Data
        do {
            canonical = try value.canonicalData()
        } catch {
            throw Violation(description: "JSONValue: a parsed value has no canonical form: \(error)")
        }
        guard canonical.count <= JSONValue.maximumByteCount else { return }
        guard let again = try? JSONValue(parsing: canonical) else {
            throw Violation(description: "JSONValue: the canonical form does not parse")
        }
        try require(again == value, "JSONValue: the canonical form parses to another value")
        try require((try? again.canonicalData()) == canonical, "JSONValue: canonicalisation is not idempotent")
        try require((try? value.canonicalSHA256Hex()) == (try? again.canonicalSHA256Hex()), "JSONValue: the canonical hash changed")
    }

    /// A `signingPayload` member: what parses renders to exactly the decoded bytes.
    static func checkPayload(_ text: String, _ decode: () throws -> SigningPayload) throws {
        try checkBase64URL(text, "signingPayload")
        guard let payload = try? decode() else { return }
        try require(Base64URL.encode(payload.rendered) == text, "signingPayload: a parsed payload does not render to its bytes")
    }

    // MARK: Secrets

    /// The PIN members' text (`pin`, `newPin` of the messages that carry a ``PIN``), when it
    /// is one that must never be repeated: six or more ASCII digits that occur once in the
    /// body and in no other string of it.
    static func secretPINs(_ tree: JSONValue, _ body: Data) -> [String] {
        guard case .object(let members) = tree else { return [] }
        var strings: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .string(let text): strings.append(text)
            case .array(let elements): elements.forEach(collect)
            case .object(let members):
                for (name, value) in members {
                    strings.append(name)
                    collect(value)
                }
            default: break
            }
        }
        collect(tree)
        var secrets: [String] = []
        for name in ["pin", "newPin"] {
            guard case .string(let digits)? = members[name], digits.utf8.count >= 6,
                digits.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { continue }
            let needle = Array(digits.utf8)
            let occurrences = (0...max(0, body.count - needle.count)).filter {
                body.count >= needle.count && body[body.startIndex + $0..<body.startIndex + $0 + needle.count].elementsEqual(needle)
            }.count
            guard occurrences == 1, strings.filter({ $0.contains(digits) }).count == 1 else { continue }
            secrets.append(digits)
        }
        return secrets
    }

    /// PINs are never repeated in descriptions, reflections or decoding errors.
    static func checkPINSecrecy<T>(_ tree: JSONValue, _ body: Data, _ result: Result<T, any Error>) throws {
        let secrets = secretPINs(tree, body)
        guard !secrets.isEmpty else { return }
        var texts: [String]
        switch result {
        case .success(let value):
            var dumped = ""
            dump(value, to: &dumped)
            texts = [String(describing: value), String(reflecting: value), dumped]
        case .failure(let error):
            texts = [String(describing: error), String(reflecting: error), error.localizedDescription]
            if let decoding = error as? DecodingError {
                switch decoding {
                case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                    .valueNotFound(_, let context):
                    texts.append(context.debugDescription)
                    if let underlying = context.underlyingError { texts.append(String(describing: underlying)) }
                @unknown default:
                    break
                }
            }
        }
        for secret in secrets {
            for text in texts {
                try require(!text.contains(secret), "a PIN is repeated in \(T.self)'s description or error")
            }
        }
    }
}
