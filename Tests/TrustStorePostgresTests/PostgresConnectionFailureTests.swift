import Testing
import TrustStore
@testable import TrustStorePostgres

/// Which failures the store's call policies treat as a lost connection (retried once, or
/// recognised on a fresh connection) and which they answer at once. Runs without a server.
@Suite("PostgreSQL connection failures")
struct PostgresConnectionFailureTests {
    @Test(
        "a connection lost under a call, or ended by the server, is a connection failure",
        arguments: [
            PostgresErrors.connectionLost(during: "reading", message: "server closed the connection unexpectedly"),
            StoreError(.unavailable, reason: "x", engineCode: .sqlstate("08003")),
            StoreError(.unavailable, reason: "x", engineCode: .sqlstate("57P01")),
            StoreError(.unavailable, reason: "x", engineCode: .sqlstate("57P02")),
            StoreError(.unavailable, reason: "x", engineCode: .sqlstate("57P03")),
        ])
    func lostConnections(_ error: StoreError) {
        #expect(PostgresErrors.isConnectionFailure(error))
    }

    @Test(
        "a failed connect, a busy pool, a late reply and every other error are answered at once",
        arguments: [
            StoreError(.unavailable, reason: "cannot connect to PostgreSQL"),
            StoreError(.unavailable, reason: "all 10 PostgreSQL connections stayed busy for 1.5 s; retry later"),
            StoreError(.unavailable, reason: "did not answer within 1.5 s"),
            StoreError(.unavailable, reason: "too many connections", engineCode: .sqlstate("53300")),
            StoreError(.unavailable, reason: "canceled", engineCode: .sqlstate("57014")),
            StoreError(.busy, reason: "conflict", engineCode: .sqlstate("40001")),
            StoreError(.duplicate, reason: "exists", engineCode: .sqlstate("23505")),
        ])
    func answeredAtOnce(_ error: StoreError) {
        #expect(!PostgresErrors.isConnectionFailure(error))
    }

    @Test("libpq's own connection losses carry SQLSTATE 08006, as client drivers report them")
    func lostConnectionState() {
        #expect(PostgresErrors.connectionLost(during: "reading", message: "EOF").engineCode == .sqlstate("08006"))
    }
}
