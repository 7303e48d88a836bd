/// Whether a file is test code, a mock, a fixture or a SwiftUI preview: not shipped in the
/// app, and full of deliberate sample keys, test vectors and debug output. Shared by the
/// rules that stay silent there (``AuditRule/skipsTestCode``) and the secrets rule, which
/// still reports provider-format keys there.
enum TestPaths {
    static func contains(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { component in
            let lower = component.lowercased()
            return lower.hasSuffix("tests") || lower == "test" || lower.hasSuffix("mocks") || lower == "mock"
                || lower == "fixtures" || lower == "stubs" || lower.contains("preview")
        }
    }
}
