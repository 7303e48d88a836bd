import Foundation
import SecureStorage
import Testing

/// A backend that notes the thread of each keychain call.
private final class ThreadNotingBackend: KeychainBackend {
    let callThreads = Locked<[String]>([])

    func add(_ attributes: [String: Any]) -> Int32 { 0 }
    func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 { 0 }
    func delete(_ query: [String: Any]) -> Int32 { 0 }
    func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        let thread = currentThreadID()
        callThreads.withLock { $0.append(thread) }
        return (0, Data("secret".utf8))
    }
}

private func currentThreadID() -> String { "\(pthread_self())" }

@Suite("Prompted reads stay off the main thread")
struct PromptedReadThreadTests {
    @Test("A prompted read started on the main actor runs its keychain call on another thread")
    @MainActor
    func promptedReadLeavesMainThread() async throws {
        let backend = ThreadNotingBackend()
        let keychain = Keychain(service: "s", accessControl: [.biometryAny], backend: backend)
        let callerThread = currentThreadID()
        let data = try await keychain.load(for: "k", prompt: "Unlock")
        #expect(data == Data("secret".utf8))
        let threads = backend.callThreads.withLock { $0 }
        #expect(threads.count == 1)
        #expect(threads.first != callerThread)
    }
}
