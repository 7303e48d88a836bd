import DeviceEmulator
import Dispatch
import Foundation
import SecureStorage
import Testing

/// Sixteen threads on one app's keychain: every call is atomic.
@Suite("Concurrency")
struct ConcurrencyTests {
    let threads = 16

    @Test("16 threads adding the same key leave exactly one item; every other add gets -25299")
    func concurrentAdds() {
        let keychain = bankApp().keychain
        let statuses = Locked<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            let status = keychain.add(newItem(data: "thread \(index)"))
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }
        #expect(all.count(where: { $0 == Status.success }) == 1)
        #expect(all.count(where: { $0 == Status.duplicateItem }) == threads - 1)
        #expect(keychain.allAttributes(query()).items.count == 1)
    }

    @Test("16 tasks upserting (update, else add, else update) the same key all succeed and leave one item")
    func concurrentUpserts() async {
        let keychain = bankApp().keychain
        let statuses = await withTaskGroup(of: Int32.self) { group in
            for index in 0..<threads {
                group.addTask {
                    let data: [String: Any] = [K.valueData: Data("task \(index)".utf8)]
                    var status = keychain.update(query(), data)
                    if status == Status.itemNotFound {
                        status = keychain.add(newItem(data: "task \(index)"))
                        if status == Status.duplicateItem { status = keychain.update(query(), data) }
                    }
                    return status
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == Status.success })
        #expect(keychain.allAttributes(query()).items.count == 1)
        #expect(keychain.readString()?.hasPrefix("task ") == true)
    }

    @Test("Mixed adds, reads, updates and deletes from 16 threads keep the keychain consistent")
    func hammering() {
        let device = EmulatedDevice()
        let keychain = device.install(bankIdentity).keychain
        let unexpected = Locked<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<50 {
                let account = "account-\(round % 4)"
                let statuses: [Int32] = [
                    keychain.add(newItem(account: account, data: "\(thread)")),
                    keychain.readData(account: account).status,
                    keychain.update(query(account: account), [K.valueData: Data("\(thread)-\(round)".utf8)]),
                    round % 3 == 0 ? keychain.delete(query(account: account)) : Status.success,
                ]
                let allowed: Set<Int32> = [Status.success, Status.duplicateItem, Status.itemNotFound]
                let bad = statuses.filter { !allowed.contains($0) }
                if !bad.isEmpty { unexpected.withLock { $0 += bad } }
            }
        }
        #expect(unexpected.withLock { $0 }.isEmpty)
        let accounts = keychain.allAttributes(query(account: nil)).items.compactMap { $0[K.account] as? String }
        #expect(Set(accounts).count == accounts.count)
    }

    @Test("Concurrent enclave signatures all verify")
    func concurrentSigning() async throws {
        let key = try bankApp().secureEnclave.generateSigningKey(accessControl: [.privateKeyUsage, .biometryAny])
        let message = Data("challenge".utf8)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<threads {
                group.addTask { key.publicKey.isValidSignature(try await key.signature(for: message), for: message) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == threads && results.allSatisfy { $0 })
    }
}
