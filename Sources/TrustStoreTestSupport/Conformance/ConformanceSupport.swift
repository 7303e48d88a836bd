import Foundation
import TrustStore

// Expectations, fixtures and a thread helper for the conformance checks.

func expect(
    _ condition: Bool, _ message: @autoclosure () -> String, file: String = #fileID, line: Int = #line
) throws {
    guard condition else { throw TrustStoreConformanceFailure(message: message(), file: file, line: line) }
}

func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ what: String, file: String = #fileID, line: Int = #line
) throws {
    try expect(actual == expected, "\(what): expected \(expected), got \(actual)", file: file, line: line)
}

func unwrap<T>(_ value: T?, _ what: String, file: String = #fileID, line: Int = #line) throws -> T {
    guard let value else { throw TrustStoreConformanceFailure(message: "\(what) is missing", file: file, line: line) }
    return value
}

/// Expects `body` to throw a ``StoreError`` with `code`.
func expectStoreError<T>(
    _ code: StoreError.Code, _ what: String, file: String = #fileID, line: Int = #line,
    _ body: () throws(StoreError) -> T
) throws {
    do throws(StoreError) {
        _ = try body()
    } catch {
        try expect(error.code == code, "\(what): expected StoreError.\(code), got \(error)", file: file, line: line)
        return
    }
    throw TrustStoreConformanceFailure(message: "\(what): expected StoreError.\(code), but it succeeded", file: file, line: line)
}

/// Fixed times, whole seconds so every backend round-trips them exactly.
enum Clock {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
}

enum Fixtures {
    static func key(_ byte: UInt8) -> Data { Data([0x04] + Array(repeating: byte, count: 64)) }

    static func enrollment(_ id: String = "enr-1", account: String = "acct-1", expiresIn seconds: TimeInterval = 120) -> Enrollment {
        Enrollment(
            id: id, accountId: account, nonce: Data(repeating: 0xA1, count: 32),
            signingPayload: Data("devicetrust-v1\nkind: enrollment\nid: \(id)\n".utf8), expiresAt: Clock.at(seconds))
    }

    static func registration(_ deviceId: String = "dev-1", biometric: Bool = true, pinHash: Data? = Data(repeating: 0x5A, count: 48)) -> DeviceRegistration {
        var keys: [KeyKind: Data] = [.device: key(1)]
        if biometric { keys[.biometric] = key(2) }
        return DeviceRegistration(deviceId: deviceId, name: "Anna's iPhone", platform: "ios", publicKeys: keys, pinHash: pinHash)
    }

    /// Creates an enrollment and a device from it at `Clock.t0`.
    @discardableResult
    static func enrolledDevice(
        _ store: any TrustStorage, _ deviceId: String = "dev-1", account: String = "acct-1", biometric: Bool = true, at seconds: TimeInterval = 0
    ) throws -> Device {
        let enrollment = Self.enrollment("enr-\(deviceId)", account: account, expiresIn: seconds + 120)
        try store.createEnrollment(enrollment)
        return try store.enrollDevice(registration(deviceId, biometric: biometric), consumingEnrollment: enrollment.id, now: Clock.at(seconds))
    }

    static func challenge(
        _ id: String = "ch-1", device: String = "dev-1", account: String = "acct-1", kind: KeyKind = .biometric, action: String? = nil,
        expiresIn seconds: TimeInterval = 120
    ) -> Challenge {
        Challenge(
            id: id, deviceId: device, accountId: account, keyKind: kind, purpose: action == nil ? "unlock" : "action",
            actionSHA256: action, nonce: Data(repeating: 0xC3, count: 32),
            payload: Data("devicetrust-v1\nkind: challenge\nid: \(id)\n".utf8), expiresAt: Clock.at(seconds))
    }
}

/// Collects values from several threads.
final class ConcurrentResults<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `values` is only touched with `lock` held.
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

/// Runs `body(0..<count)` on `count` threads released together, and waits for all of them.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    group.wait()
}

/// The outcome of one concurrent call, for counting.
enum Outcome: Sendable, Equatable {
    case success
    case failure(StoreError.Code)
}

func outcome<T>(_ body: () throws(StoreError) -> T) -> Outcome {
    do {
        _ = try body()
        return .success
    } catch {
        return .failure(error.code)
    }
}
