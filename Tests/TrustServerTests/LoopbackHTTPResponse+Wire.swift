import DeviceBinding
import Foundation
import MicroHTTPTestSupport

extension LoopbackHTTPResponse {
    /// The body decoded as `type` (strictly, with WireCoding).
    func decoded<T: Decodable>(_ type: T.Type) throws -> T { try WireCoding.decode(type, from: body) }

    /// The problem `code` of a problem+json body.
    var problemCode: String? { (try? WireCoding.decode(Problem.self, from: body))?.code.rawValue }
}
