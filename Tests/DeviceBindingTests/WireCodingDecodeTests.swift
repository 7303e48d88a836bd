import Foundation
import Testing
@testable import DeviceBinding

/// `WireCoding.decode` maps the strict parser's `JSONValue` directly when it can; its
/// results and errors must be exactly `JSONDecoder`'s.
@Suite("WireCoding.decode agrees with JSONDecoder")
struct WireCodingDecodeTests {
    /// A shape that reaches the fallback paths: integers, dates, data, nested optionals.
    struct Mixed: Codable, Equatable {
        var name: String
        var count: Int?
        var ratio: Double?
        var flags: [Bool]?
        var nested: [String: [JSONValue?]]?
        var when: Date?
        var blob: Data?
        var kind: KeyKind?
    }

    private func agree<T: Decodable & Equatable>(_ type: T.Type, _ body: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(body.utf8)
        let reference = Result { try JSONDecoder().decode(type, from: data) }
        let decoded = Result { try WireCoding.decode(type, from: data) }
        switch (reference, decoded) {
        case (.success(let expected), .success(let actual)):
            #expect(expected == actual, "\(body)", sourceLocation: sourceLocation)
        case (.failure(let expected), .failure(let actual)):
            #expect(String(describing: expected) == String(describing: actual), "\(body)", sourceLocation: sourceLocation)
        case (.success, .failure(let error)):
            // Only the strict parser may refuse what JSONDecoder accepts.
            #expect(error is CanonicalJSONError, "\(body): \(error)", sourceLocation: sourceLocation)
        case (.failure(let error), .success):
            Issue.record("\(body) decoded, JSONDecoder refused: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("challenge requests, including actions of every JSON type")
    func challengeRequests() {
        let bodies = [
            #"{"deviceId":"dev-1","key":"biometric","purpose":"unlock"}"#,
            #"{"deviceId":"dev-1","key":"device","purpose":"action","action":{"amount":12.5,"to":"ACME","tags":["a",null,true,false,-0,1e3],"deep":{"x":{}}}}"#,
            #"{"deviceId":"dev-1","key":"device","purpose":"action","action":null}"#,
            #"{"deviceId":"dev-1","key":"device","purpose":"action","action":"text"}"#,
            #"{"deviceId":"dev-1","key":"device","purpose":"action","action":[]}"#,
            #"{"deviceId":"dev-1","key":"device","purpose":"unlock","extra":[1,2,3]}"#,
            #"{"deviceId":"dev-1","key":"laptop","purpose":"unlock"}"#,
            #"{"deviceId":"dev-1","key":"device"}"#,
            #"{"deviceId":null,"key":"device","purpose":"unlock"}"#,
            #"{"deviceId":7,"key":"device","purpose":"unlock"}"#,
            #"["deviceId"]"#,
            #""text""#,
        ]
        for body in bodies { agree(ChallengeRequest.self, body) }
    }

    @Test("challenge responses with PINs and key registrations")
    func challengeResponses() {
        struct Comparable: Decodable, Equatable {
            var response: ChallengeResponse
            init(from decoder: any Decoder) throws { response = try ChallengeResponse(from: decoder) }
            static func == (lhs: Self, rhs: Self) -> Bool {
                lhs.response.signature == rhs.response.signature && lhs.response.pin == rhs.response.pin
                    && lhs.response.newPin == rhs.response.newPin && lhs.response.newBiometricKey == rhs.response.newBiometricKey
            }
        }
        let bodies = [
            #"{"signature":"MEUCIQ"}"#,
            #"{"signature":"MEUCIQ","pin":"123456"}"#,
            #"{"signature":"MEUCIQ","pin":"12","newPin":"654321"}"#,
            #"{"signature":"MEUCIQ","pin":null,"newBiometricKey":{"publicKey":"BA","proof":"MEU"}}"#,
            #"{"signature":"MEUCIQ","newBiometricKey":{"publicKey":"BA"}}"#,
            #"{"signature":"MEUCIQ","pin":123456}"#,
            #"{"pin":"123456"}"#,
        ]
        for body in bodies { agree(Comparable.self, body) }
    }

    @Test("types JSONDecoder treats specially fall back to it")
    func fallbacks() {
        let bodies = [
            #"{"name":"a"}"#,
            #"{"name":"a","count":3,"ratio":0.25,"flags":[true,false]}"#,
            #"{"name":"a","count":3.0}"#,
            #"{"name":"a","count":3.5}"#,
            #"{"name":"a","count":1e2}"#,
            #"{"name":"a","count":-9007199254740993}"#,
            #"{"name":"a","ratio":1}"#,
            #"{"name":"a","nested":{"x":[null,1,"s",[null]],"y":[]}}"#,
            #"{"name":"a","when":12.5,"blob":"AAEC"}"#,
            #"{"name":"a","blob":"not base64"}"#,
            #"{"name":"a","kind":"device"}"#,
            #"{"name":"a","kind":"other"}"#,
            #"{"name":"a","flags":[1]}"#,
            #"{"name":"a","flags":"yes"}"#,
        ]
        for body in bodies { agree(Mixed.self, body) }
    }

    @Test("the direct decoder refuses what it does not decode exactly like JSONDecoder")
    func directDecoderRefusals() throws {
        #expect(throws: JSONValueDecoder.Unsupported.self) {
            try JSONValueDecoder.decode(Int.self, from: .number(1), codingPath: [])
        }
        #expect(throws: JSONValueDecoder.Unsupported.self) {
            try JSONValueDecoder.decode(Data.self, from: .string("AA"), codingPath: [])
        }
        #expect(try JSONValueDecoder.decode(JSONValue?.self, from: .null, codingPath: []) == nil)
        #expect(try JSONValueDecoder.decode([JSONValue?].self, from: [nil, 1], codingPath: []) == [nil, .some(1)])
        #expect(try JSONValueDecoder.decode(JSONValue.self, from: ["a": [1, nil]], codingPath: []) == ["a": [1, nil]])
    }
}

@Suite("Base64URL matches Foundation's base64")
struct Base64URLReferenceTests {
    private func reference(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test("every length up to 70 round-trips and matches")
    func roundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            for _ in 0..<8 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let text = Base64URL.encode(bytes)
                #expect(text == reference(bytes))
                #expect(try Base64URL.decode(text) == Data(bytes))
            }
        }
        #expect(Base64URL.encode(Array(0...255) as [UInt8]) == reference(Array(0...255)))
    }

    @Test("non-zero unused bits and impossible lengths are refused")
    func refusals() {
        for text in ["AB", "AAB", "A", "AAAAA", "AA=", "A+", "A/", " AA"] {
            #expect(throws: WireFormatError.self) { try Base64URL.decode(text) }
        }
        #expect((try? Base64URL.decode("AA")) == Data([0]))
        #expect((try? Base64URL.decode("AAA")) == Data([0, 0]))
        #expect((try? Base64URL.decode("")) == Data())
    }
}
