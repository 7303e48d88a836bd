import DeviceBinding
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds the device routes' requests and reads their answers: JSON in, the documented
/// status and type out, `Problem` for `application/problem+json`.
struct APIRequests: Sendable {
    let baseURL: URL
    let transport: any HTTPTransport

    /// `POST` `body` to `path` (segments are percent-encoded) and decodes `Answer` from a
    /// `status` answer.
    func post<Answer: Decodable>(
        _ path: [String], _ body: some Encodable, expecting status: Int, _ answer: Answer.Type
    ) async throws -> Answer {
        let data = try await post(path, body, expecting: status)
        do {
            return try WireCoding.decode(Answer.self, from: data)
        } catch {
            throw DeviceTrustClientError(
                .unexpectedResponse, "the \(status) answer is not a valid \(Answer.self)", httpStatus: status)
        }
    }

    /// `POST` `body` to `path` and returns the body of a `status` answer.
    /// - Throws: `Problem` for a problem answer, ``DeviceTrustClientError`` otherwise.
    @discardableResult
    func post(_ path: [String], _ body: some Encodable, expecting status: Int) async throws -> Data {
        var request = URLRequest(url: url(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, application/problem+json", forHTTPHeaderField: "Accept")
        request.httpBody = try WireCoding.encode(body)
        let answer = try await transport.send(request)
        guard answer.status == status else {
            if let problem = try? WireCoding.decode(Problem.self, from: answer.body) { throw problem }
            throw DeviceTrustClientError(
                .unexpectedResponse, "expected HTTP \(status), got \(answer.status) without a problem body",
                httpStatus: answer.status)
        }
        return answer.body
    }

    /// `baseURL` followed by `segments`, each percent-encoded as one path component.
    func url(_ segments: [String]) -> URL {
        segments.reduce(baseURL) { $0.appendingPathComponent($1) }
    }
}
