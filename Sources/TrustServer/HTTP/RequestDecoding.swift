import DeviceBinding
import Foundation
import MicroHTTP

extension HTTPRequest {
    /// The body decoded strictly with `WireCoding.decodeRequest` as `type`: a member the
    /// API does not define, or one set to `null`, is refused like a missing one.
    /// - Throws: `Problem` `malformed_request` naming the field that was wrong, never
    ///   repeating the body.
    func decodedBody<T: StrictRequestBody>(_ type: T.Type) throws -> T {
        do {
            return try WireCoding.decodeRequest(type, from: body)
        } catch let error as RequestMemberError {
            throw Problem(code: .malformedRequest, detail: error.description)
        } catch let error as DecodingError {
            throw Problem(code: .malformedRequest, detail: Self.explain(error))
        } catch {
            throw Problem(code: .malformedRequest, detail: "the body is not valid JSON (strict RFC 8259, at most 64 KiB, no duplicate members)")
        }
    }

    /// Which field was wrong, without its value.
    private static func explain(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the body" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing member \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) has an invalid value"
        @unknown default:
            return "the body does not match the documented shape"
        }
    }
}
