/// Whether a file is test code, a mock, a fixture or a SwiftUI preview: not shipped in the
/// app, and full of deliberate sample keys, test vectors and debug output. Shared by the
/// rules that stay silent there (``AuditRule/skipsTestCode``) and the secrets rule, which
/// still reports provider-format keys there.
package enum TestPaths {
    /// A test folder (`Tests/`, `AppTests/`, `Mocks/`, `Fixtures/`, `Previews/`…) or a test
    /// file kept next to the sources (`LoginTests.swift`, `AppEnvironmentTests+OAuth.swift`);
    /// a lone `…Test.swift` is not (`ABTest.swift` is a feature), but see ``isTestSource(_:)``.
    package static func contains(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        if let name = components.last {
            let base = name.split(separator: ".").first.map(String.init) ?? String(name)
            if base.hasSuffix("Tests") || base.contains("Tests+") || base.hasSuffix("TestCase") {
                return true
            }
        }
        return components.dropLast().contains { component in
            let lower = component.lowercased()
            return lower.hasSuffix("tests") || lower == "test" || lower.hasSuffix("mocks") || lower == "mock"
                || lower == "fixtures" || lower == "stubs" || lower.contains("preview")
        }
    }

    /// Whether source `text` is a test: it imports a test framework or declares a test case.
    package static func isTestSource(_ text: String) -> Bool {
        ["import XCTest", "<XCTest/XCTest.h>", "@import XCTest", "XCTestCase", "import Testing\n", "import Quick\n"].contains { ByteSearch.contains(text, $0) }
    }
}
