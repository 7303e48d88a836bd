import Foundation
import SecureStorage
import Testing

/// Marks the main queue, so code can ask whether it runs there. (Thread identities are
/// not reliable for this on Linux: after `dispatch_main`, libdispatch drains the main queue
/// on pooled worker threads, which also run global-queue work.)
private let mainQueueKey = DispatchSpecificKey<Bool>()

/// A backend that notes, for each keychain call, whether it ran on the main queue.
private final class ThreadNotingBackend: KeychainBackend {
    let callsOnMainQueue = Locked<[Bool]>([])

    func add(_ attributes: [String: Any]) -> Int32 { 0 }
    func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 { 0 }
    func delete(_ query: [String: Any]) -> Int32 { 0 }
    func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        let onMain = DispatchQueue.getSpecific(key: mainQueueKey) == true
        callsOnMainQueue.withLock { $0.append(onMain) }
        return (0, Data("secret".utf8))
    }
}

@Suite("Prompted reads stay off the main thread")
struct PromptedReadThreadTests {
    @Test("A prompted read started on the main actor runs its keychain call off the main queue")
    @MainActor
    func promptedReadLeavesMainThread() async throws {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        // The premise: the main actor runs on the main queue, so a read done inline would show.
        #expect(DispatchQueue.getSpecific(key: mainQueueKey) == true)
        let backend = ThreadNotingBackend()
        let keychain = Keychain(service: "s", accessControl: [.biometryAny], backend: backend)
        let data = try await keychain.load(for: "k", prompt: "Unlock")
        #expect(data == Data("secret".utf8))
        #expect(backend.callsOnMainQueue.withLock { $0 } == [false])
    }
}
