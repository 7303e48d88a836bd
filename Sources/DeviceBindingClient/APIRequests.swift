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
    /// Whether `http://` to a host other than loopback is allowed (it never is by default).
    var allowsInsecureHTTP = false

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
        try checkScheme()
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

    /// Refuses, before anything is sent, a base URL that is neither `https://` nor `http://`
    /// to a loopback host (`localhost`, 127.0.0.0/8, `::1`), unless ``allowsInsecureHTTP``.
    func checkScheme() throws(DeviceTrustClientError) {
        let scheme = baseURL.scheme?.lowercased()
        if scheme == "https" { return }
        if scheme == "http", allowsInsecureHTTP || Self.isLoopback(baseURL.host ?? "") { return }
        throw DeviceTrustClientError(
            .insecureTransport,
            "the base URL must be https:// (http:// only to localhost, 127.0.0.1 or ::1): PINs and signatures must not cross a network in clear text; "
                + "pass allowsInsecureHTTP: true only for a test network you control")
    }

    private static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `baseURL` followed by `segments`, each percent-encoded as one path component.
    func url(_ segments: [String]) -> URL {
        segments.reduce(baseURL) { $0.appendingPathComponent($1) }
    }
}
