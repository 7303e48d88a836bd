import DeviceBinding
import Foundation
import Testing

@Suite("Request bodies: a member the API does not define, or a null one, is refused")
struct RequestMembersTests {
    private func decodeRequest<T: StrictRequestBody>(_ type: T.Type, _ json: String) throws -> T {
        try WireCoding.decodeRequest(type, from: Data(json.utf8))
    }

    /// The error `decodeRequest` throws for `json`, which must be a ``RequestMemberError``.
    private func memberError<T: StrictRequestBody>(_ type: T.Type, _ json: String) -> RequestMemberError? {
        do {
            _ = try decodeRequest(type, json)
            Issue.record("\(T.self) decoded \(json)")
            return nil
        } catch let error as RequestMemberError {
            return error
        } catch {
            Issue.record("\(T.self): \(error) instead of a RequestMemberError for \(json)")
            return nil
        }
    }

    private let keys = #""deviceKey":{"publicKey":"pk","proof":"pr"}"#

    @Test("every documented member is still accepted, on every request body")
    func documentedMembersDecode() throws {
        #expect(try decodeRequest(EnrollmentRequest.self, #"{"accountId":"acct-42"}"#).accountId == "acct-42")
        let completion = try decodeRequest(
            EnrollmentCompletion.self,
            #"{"platform":"ios","deviceName":"Anna's iPhone",\#(keys),"biometricKey":{"publicKey":"bk","proof":"bp","attestationChain":["c"]},"#
                + #""pin":"123456","appAttest":{"keyId":"a2V5","attestation":"YXR0"}}"#)
        #expect(completion.biometricKey?.attestationChain == ["c"] && completion.appAttest?.keyId == "a2V5")
        let challenge = try decodeRequest(
            ChallengeRequest.self, #"{"deviceId":"d","key":"biometric","purpose":"action","action":{"to":"alice","memo":null,"extra":{"x":1}}}"#)
        #expect(challenge.action == ["to": "alice", "memo": nil, "extra": ["x": 1]])
        let response = try decodeRequest(
            ChallengeResponse.self,
            #"{"signature":"s","pin":"123456","newPin":"654321","newBiometricKey":{"publicKey":"k","proof":"p"},"appAttestAssertion":"YQ"}"#)
        #expect(response.newBiometricKey?.publicKey == "k" && response.appAttestAssertion == "YQ")
        #expect(try decodeRequest(TokenRedemptionRequest.self, #"{"accessToken":"t"}"#).accessToken == "t")
    }

    @Test("an unknown member at the top level is refused, naming the body but not the member")
    func unknownTopLevelMember() {
        let error = memberError(EnrollmentRequest.self, #"{"accountId":"acct-42","acountId":"secret-ish"}"#)
        #expect(error == RequestMemberError(.unknownMember, path: ""))
        #expect(error.map { "\($0)".contains("acountId") || "\($0)".contains("secret-ish") } == false)
        #expect(error?.description.hasPrefix("the body has a member the API does not define") == true)
        #expect(memberError(TokenRedemptionRequest.self, #"{"accessToken":"t","consume":true}"#) == RequestMemberError(.unknownMember, path: ""))
        #expect(memberError(ChallengeResponse.self, #"{"signature":"s","PIN":"123456"}"#) == RequestMemberError(.unknownMember, path: ""))
    }

    @Test("an unknown member inside a nested object is refused with the path of that object")
    func unknownNestedMember() {
        #expect(
            memberError(EnrollmentCompletion.self, #"{"platform":"ios","deviceName":"n","deviceKey":{"publicKey":"pk","proof":"pr","kid":"1"}}"#)
                == RequestMemberError(.unknownMember, path: "deviceKey"))
        #expect(
            memberError(EnrollmentCompletion.self, #"{"platform":"ios","deviceName":"n",\#(keys),"appAttest":{"keyId":"k","attestation":"a","x":0}}"#)
                == RequestMemberError(.unknownMember, path: "appAttest"))
        #expect(
            memberError(ChallengeResponse.self, #"{"signature":"s","newBiometricKey":{"publicKey":"k","proof":"p","extra":[]}}"#)
                == RequestMemberError(.unknownMember, path: "newBiometricKey"))
    }

    @Test("a null member is refused, also an optional one, naming its path")
    func nullMembers() {
        #expect(
            memberError(EnrollmentCompletion.self, #"{"platform":"ios","deviceName":"n",\#(keys),"pin":null}"#) == RequestMemberError(.nullMember, path: "pin"))
        #expect(
            memberError(EnrollmentCompletion.self, #"{"platform":"ios","deviceName":"n",\#(keys),"biometricKey":null}"#)
                == RequestMemberError(.nullMember, path: "biometricKey"))
        #expect(
            memberError(EnrollmentCompletion.self, #"{"platform":"ios","deviceName":"n","deviceKey":{"publicKey":"pk","proof":"pr","attestationChain":null}}"#)
                == RequestMemberError(.nullMember, path: "deviceKey.attestationChain"))
        #expect(
            memberError(ChallengeRequest.self, #"{"deviceId":"d","key":"device","purpose":"unlock","action":null}"#)
                == RequestMemberError(.nullMember, path: "action"))
        #expect(memberError(EnrollmentRequest.self, #"{"accountId":null}"#) == RequestMemberError(.nullMember, path: "accountId"))
        #expect(
            memberError(ChallengeRequest.self, #"{"deviceId":"d","key":"device","purpose":"unlock","action":null}"#)?.description
                == "action is null; leave an optional member out instead of sending null")
    }

    @Test("the strict parser still runs first, and missing members are still the decoder's errors")
    func otherErrorsUnchanged() {
        #expect(throws: CanonicalJSONError.self) { try decodeRequest(EnrollmentRequest.self, #"{"accountId":"a","accountId":"b"}"#) }
        #expect(throws: DecodingError.self) { try decodeRequest(EnrollmentRequest.self, #"{}"#) }
        #expect(throws: DecodingError.self) { try decodeRequest(EnrollmentRequest.self, #"["accountId"]"#) }
    }

    @Test("answers decoded by the client still ignore members they do not know")
    func answersStayLenient() throws {
        let answer = #"{"deviceId":"d","accountId":"a","keys":["device"],"later":"field"}"#
        #expect(try WireCoding.decode(EnrollmentCompleted.self, from: Data(answer.utf8)).deviceId == "d")
        #expect(try WireCoding.decode(EnrollmentRequest.self, from: Data(#"{"accountId":"a","x":null}"#.utf8)).accountId == "a")
    }

    @Test("the member lists are the decoded fields, nested objects included")
    func memberLists() {
        #expect(Set(EnrollmentRequest.requestMembers.members.keys) == ["accountId"])
        #expect(Set(EnrollmentCompletion.requestMembers.members.keys) == ["platform", "deviceName", "deviceKey", "biometricKey", "pin", "appAttest"])
        #expect(Set(KeyRegistration.requestMembers.members.keys) == ["publicKey", "proof", "attestationChain"])
        #expect(Set(AppAttestRegistration.requestMembers.members.keys) == ["keyId", "attestation"])
        #expect(Set(ChallengeRequest.requestMembers.members.keys) == ["deviceId", "key", "purpose", "action"])
        #expect(Set(ChallengeResponse.requestMembers.members.keys) == ["signature", "pin", "newPin", "newBiometricKey", "appAttestAssertion"])
        #expect(Set(TokenRedemptionRequest.requestMembers.members.keys) == ["accessToken"])
    }
}
