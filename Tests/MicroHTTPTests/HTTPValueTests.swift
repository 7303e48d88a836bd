import Foundation
import Testing
import MicroHTTP

@Suite("Headers, responses and problems")
struct HTTPValueTests {
    @Test func headerLookupIgnoresCase() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Multi": "1"]
        headers.add(name: "x-multi", value: "2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers.values(for: "X-MULTI") == ["1", "2"])
        #expect(headers.contains("x-multi"))
        headers["X-Multi"] = "3"
        #expect(headers.values(for: "x-multi") == ["3"])
        headers["x-multi"] = nil
        #expect(!headers.contains("X-Multi"))
        #expect(headers.fields.count == 1)
    }

    @Test func payloadTooLargeProblemIsExact() {
        let response = HTTPResponse.payloadTooLarge
        #expect(response.status == 413)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"type":"about:blank","title":"Payload Too Large","status":413,"code":"payload_too_large"}"#)
    }

    @Test func problemDetailAndExtensionsAreEscapedAndOrdered() {
        let problem = HTTPProblem(
            title: "PIN \"invalid\"",
            status: 403,
            code: "pin_invalid",
            detail: "line\nbreak\u{01}\\",
            extensions: ["zeta": .bool(true), "attemptsRemaining": .int(3), "note": .string("é")]
        )
        let text = String(decoding: problem.jsonData, as: UTF8.self)
        #expect(
            text
                == #"{"type":"about:blank","title":"PIN \"invalid\"","status":403,"code":"pin_invalid","detail":"line\nbreak\u0001\\","attemptsRemaining":3,"note":"é","zeta":true}"#
        )
        let decoded = try? JSONSerialization.jsonObject(with: problem.jsonData) as? [String: Any]
        #expect(decoded?["detail"] as? String == "line\nbreak\u{01}\\")
    }

    @Test func jsonResponseEncodesValue() throws {
        struct Payload: Encodable { var id = "x" }
        let response = try HTTPResponse.json(Payload(), status: 201)
        #expect(response.status == 201)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.body == Data(#"{"id":"x"}"#.utf8))
    }
}
