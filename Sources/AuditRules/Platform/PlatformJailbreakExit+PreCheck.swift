import AuditKit

extension PlatformJailbreakExit {
    /// Whether the file holds any jailbreak evidence (the same words and paths the check
    /// looks for in conditions), by a byte search of the lower-cased text.
    func mayMatch(_ file: ScannedFile) -> Bool {
        guard let text = file.text else { return true }
        let lowered = text.lowercased()
        return ByteSearch.containsAny(lowered, ["jailbr", "cydia", "rooted"] + Self.jailbreakPaths)
    }
}
