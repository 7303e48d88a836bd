import Foundation
import TrustStore

/// A database that the conformance suite can open stores (connections) on.
///
/// Each check gets a fresh, empty database. `openStore()` may be called several times:
/// stores opened on one database must see each other's commits, and a store opened after
/// the previous ones were released must see everything they acknowledged (the suite's
/// stand-in for a restart).
public protocol TrustStoreConformanceDatabase: Sendable {
    /// Opens a new store on this database.
    func openStore() throws -> any TrustStorage
}

/// One behaviour every ``TrustStorage`` must have, runnable against any implementation.
///
/// The suite lives in this test-support module (never linked into a product), so that every
/// engine's test target (SQLite, PostgreSQL) runs the very same checks:
/// `@Test(arguments: TrustStoreConformance.checks) func conforms(_ check: …) throws { try check.run(against: database) }`.
/// It uses no testing framework: a failed expectation throws ``TrustStoreConformanceFailure``.
public struct TrustStoreConformanceCheck: Sendable, CustomStringConvertible {
    /// What the check verifies, in a sentence.
    public let name: String
    private let body: @Sendable (any TrustStoreConformanceDatabase) throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (any TrustStoreConformanceDatabase) throws -> Void) {
        self.name = name
        self.body = body
    }

    /// Runs the check; throws ``TrustStoreConformanceFailure`` (or the store's error) on failure.
    public func run(against database: any TrustStoreConformanceDatabase) throws {
        try body(database)
    }

    public var description: String { name }
}

/// A conformance expectation that did not hold.
public struct TrustStoreConformanceFailure: Error, CustomStringConvertible {
    /// What was expected and what happened.
    public let message: String
    /// Where in the suite.
    public let file: String
    /// Where in the suite.
    public let line: Int

    public var description: String { "\(file):\(line): \(message)" }
}

/// The conformance suite for ``TrustStorage`` implementations.
public enum TrustStoreConformance {
    /// Every check, in a stable order.
    public static var checks: [TrustStoreConformanceCheck] {
        enrollmentChecks + deviceChecks + pinChecks + challengeChecks + restartChecks + lifeCycleChecks + receiptRefreshChecks + tokenRedemptionChecks
    }
}
