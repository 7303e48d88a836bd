import Foundation

extension SigningPayload {
    /// The field names of lines 2 to 10, in order.
    static let fieldNames = ["kind", "id", "nonce", "account", "device", "key", "purpose", "action-sha256", "expires"]

    /// The values of lines 2 to 10, in the order of ``fieldNames``.
    var lineValues: [String] {
        let (device, key, purpose): (String, String, String) =
            switch subject {
            case .enrollment: ("", "", Self.enrollmentPurpose)
            case .challenge(let device, let key, let purpose): (device, key.rawValue, purpose.rawValue)
            }
        return [
            kind.rawValue, id, Base64URL.encode(nonce), account, device, key, purpose, actionSHA256 ?? "",
            expires.description,
        ]
    }

    /// The payload text: ten lines, each ending in `\n`.
    public var text: String {
        var text = DeviceBindingProtocol.version + "\n"
        for (name, value) in zip(Self.fieldNames, lineValues) {
            text += name + ": " + value + "\n"
        }
        return text
    }

    /// The exact UTF-8 bytes that are signed and verified.
    public var rendered: Data { Data(text.utf8) }
}
