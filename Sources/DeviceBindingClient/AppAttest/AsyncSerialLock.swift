/// A lock for `async` code: one body at a time, in arrival order.
///
/// An actor alone does not serialise: it lets another call in at every `await`. App
/// Attest needs more: an assertion's counter must reach the server before the next one's
/// (stripe-ios PR #4426), so generating an assertion and sending its response run as one
/// unit under this lock.
actor AsyncSerialLock {
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once every earlier caller's body has finished.
    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        guard held else {
            held = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        guard !waiters.isEmpty else {
            held = false
            return
        }
        waiters.removeFirst().resume()  // hand the lock over: `held` stays true
    }
}
