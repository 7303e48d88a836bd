import Foundation

/// Every device the customer approved for sign-in, kept as one JSON array in a single
/// keychain entry.
actor TrustedDevicesStore {
    struct Device: Codable, Equatable {
        let id: String
        let name: String
    }

    private let keychain: KeychainStoring
    private let account = "trusted-devices"

    init(keychain: KeychainStoring) {
        self.keychain = keychain
    }

    func approve(_ device: Device) throws {
        var devices = allDevices()
        devices.removeAll { $0.id == device.id }
        devices.append(device)
        try saveAll(devices)
    }

    func allDevices() -> [Device] {
        guard let json = try? keychain.getString(for: account) else {
            return []
        }
        return (try? JSONDecoder().decode([Device].self, from: Data(json.utf8))) ?? []
    }

    private func saveAll(_ devices: [Device]) throws {
        let data = try JSONEncoder().encode(devices)
        try keychain.setString(String(decoding: data, as: UTF8.self), for: account)
    }
}
