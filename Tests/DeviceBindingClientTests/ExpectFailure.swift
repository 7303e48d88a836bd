import DeviceBinding
import DeviceBindingClient
import Testing

/// Expects `body` to throw the server's `Problem` with `code` (and `attemptsRemaining`, if given).
func expectProblem<T>(
    _ code: ProblemCode, attemptsRemaining: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        Issue.record("expected \(code.rawValue), got success", sourceLocation: sourceLocation)
    } catch let problem as Problem {
        #expect(problem.code == code, sourceLocation: sourceLocation)
        if let attemptsRemaining {
            #expect(problem.attemptsRemaining == attemptsRemaining, sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("expected \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects `body` to throw a ``DeviceTrustClientError`` with `code`.
func expectClientError<T>(
    _ code: DeviceTrustClientError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async {
    await #expect(throws: DeviceTrustClientError(code: code), sourceLocation: sourceLocation) {
        _ = try await body()
    }
}
