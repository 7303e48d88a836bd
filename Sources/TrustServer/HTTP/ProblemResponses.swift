import DeviceBinding
import Foundation
import MicroHTTP

extension HTTPProblem {
    /// The HTTP form of a DeviceBinding problem: same type, title, status, code and detail;
    /// `attemptsRemaining` as an extension member.
    init(_ problem: Problem) {
        var extensions: [String: HTTPProblem.Value] = [:]
        if let attemptsRemaining = problem.attemptsRemaining { extensions["attemptsRemaining"] = .int(attemptsRemaining) }
        self.init(
            type: problem.type, title: problem.title, status: problem.status, code: problem.code.rawValue,
            detail: problem.detail, extensions: extensions)
    }

    /// 500: the server failed; the log has the reason.
    static let internalError = HTTPProblem(
        type: "urn:devicetrust:problem:internal_error", title: "Internal Server Error", status: 500, code: "internal_error",
        detail: "the server failed to handle the request; it has logged the reason")

    /// 503: the storage is busy or cannot be reached; retry shortly.
    static let unavailable = HTTPProblem(
        type: "urn:devicetrust:problem:service_unavailable", title: "Service Unavailable", status: 503, code: "service_unavailable",
        detail: "the server is busy or cannot reach its database; retry in a moment")
}

/// Runs a route's work, turning thrown problems and failures into problem responses.
func answering(_ route: String, log: ServiceLog, _ work: () throws -> HTTPResponse) -> HTTPResponse {
    do {
        return try work()
    } catch let problem as Problem {
        return .problem(HTTPProblem(problem))
    } catch let failure as ServiceFailure {
        log.error("\(route) failed: \(failure)")
        var response = HTTPResponse.problem(failure.code == .unavailable ? .unavailable : .internalError)
        if failure.code == .unavailable { response.headers["Retry-After"] = "1" }
        return response
    } catch {
        log.error("\(route) failed: \(type(of: error))")
        return .problem(.internalError)
    }
}
