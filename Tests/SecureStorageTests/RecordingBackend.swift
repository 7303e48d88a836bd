import Foundation
import SecureStorage

/// A ``KeychainBackend`` that records every call and answers from a script, to pin down
/// exactly which `SecItem` calls ``Keychain`` makes.
final class RecordingBackend: KeychainBackend {
    enum Call: Equatable {
        case add, copyMatching, update, delete
    }

    struct Recorded: @unchecked Sendable {
        let call: Call
        let query: [String: Any]
        let attributes: [String: Any]
    }

    private let log = Locked<[Recorded]>([])
    private let script = Locked<[Call: [Int32]]>([:])
    private struct Result: @unchecked Sendable { let value: Any? }
    private let results = Locked<[Result]>([])

    /// Answers the next calls of `call` with `statuses`, in order; then 0.
    func answer(_ call: Call, with statuses: Int32...) {
        script.withLock { $0[call, default: []].append(contentsOf: statuses) }
    }

    /// The result returned by the next successful copyMatching.
    func returning(_ result: Any?) {
        let boxed = Result(value: result)
        results.withLock { $0.append(boxed) }
    }

    var calls: [Call] { log.withLock { $0.map(\.call) } }
    var recorded: [Recorded] { log.withLock { $0 } }

    private func next(_ call: Call, query: [String: Any], attributes: [String: Any] = [:]) -> Int32 {
        let entry = Recorded(call: call, query: query, attributes: attributes)
        log.withLock { $0.append(entry) }
        return script.withLock { script in
            guard var queue = script[call], !queue.isEmpty else { return 0 }
            let status = queue.removeFirst()
            script[call] = queue
            return status
        }
    }

    func add(_ attributes: [String: Any]) -> Int32 { next(.add, query: attributes) }

    func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        let status = next(.copyMatching, query: query)
        guard status == 0 else { return (status, nil) }
        return (status, results.withLock { $0.isEmpty ? nil : $0.removeFirst() }?.value)
    }

    func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 {
        next(.update, query: query, attributes: attributesToUpdate)
    }

    func delete(_ query: [String: Any]) -> Int32 { next(.delete, query: query) }
}
