import Foundation
import SecureStorage

/// A minimal generic-password backend keyed on account + service, for tests that only
/// need storage to work (the emulator covers the real semantics).
final class InMemoryBackend: KeychainBackend {
    private struct Item: @unchecked Sendable { var attributes: [String: Any] }
    private let items = Locked<[String: Item]>([:])

    private func key(_ query: [String: Any]) -> String? {
        guard let account = query["acct"] as? String else { return nil }
        return "\(query["svce"] as? String ?? "")/\(account)"
    }

    func add(_ attributes: [String: Any]) -> Int32 {
        guard let key = key(attributes) else { return -50 }
        let item = Item(attributes: attributes)
        return items.withLock { items in
            if items[key] != nil { return -25299 }
            items[key] = item
            return 0
        }
    }

    func copyMatching(_ query: [String: Any]) -> (status: Int32, result: Any?) {
        guard let key = key(query), let item = items.withLock({ $0[key] }) else { return (-25300, nil) }
        return (0, item.attributes["v_Data"])
    }

    func update(_ query: [String: Any], _ attributesToUpdate: [String: Any]) -> Int32 {
        guard let key = key(query) else { return -25300 }
        let changes = Item(attributes: attributesToUpdate)
        return items.withLock { items in
            guard var item = items[key] else { return -25300 }
            item.attributes.merge(changes.attributes) { _, new in new }
            items[key] = item
            return 0
        }
    }

    func delete(_ query: [String: Any]) -> Int32 {
        guard let key = key(query) else { return -25300 }
        return items.withLock { $0.removeValue(forKey: key) == nil ? -25300 : 0 }
    }
}
