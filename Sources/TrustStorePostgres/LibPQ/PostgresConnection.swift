internal import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TrustStore

/// The owner of one `PGconn`: `PQfinish` runs exactly once, when the owner goes away, also
/// after a failed connect ("you should call PQfinish to free the memory used by the PGconn
/// object… even if the server connection attempt fails", libpq docs).
///
/// Used by one thread at a time (the pool hands it out). Statements are prepared once per
/// connection and run with `PQsendQueryPrepared`; every value is a bound parameter in binary
/// format, and results come back in binary.
///
/// Every reply is awaited for at most ``replyTimeout`` (polling the socket), so a server
/// that stops answering without closing the connection cannot hang a request: the
/// connection is then given up (``isBroken``) and the call fails with
/// ``StoreError/Code/unavailable``, its outcome unknown, like a lost connection.
final class PostgresConnection {
    private let handle: OpaquePointer
    private let settings: PostgresSettings
    /// The pool generation this connection was made in (see ``PostgresConnectionPool``).
    let generation: UInt64
    /// How long a reply may take before the connection is given up.
    let replyTimeout: TimeInterval
    private var prepared: [String: String] = [:]
    private var gaveUp = false

    /// Connects (blocking, bounded by `connect_timeout`).
    /// - Throws: ``StoreError/Code/unavailable`` when the server cannot be reached or
    ///   refuses the connection, naming libpq's reason without the password.
    init(settings: PostgresSettings, generation: UInt64, synchronousCommit: Bool = true, replyTimeout: TimeInterval = 1.5) throws(StoreError) {
        self.settings = settings
        self.generation = generation
        self.replyTimeout = replyTimeout
        guard let handle = settings.withConnectParameters({ keywords, values in PQconnectdbParams(keywords, values, 1) }) else {
            throw StoreError(.unavailable, reason: "libpq could not allocate a connection")
        }
        self.handle = handle
        guard PQstatus(handle) == CONNECTION_OK else {
            throw StoreError(
                .unavailable,
                reason: "cannot connect to PostgreSQL at \(settings.redactedURL): \(connectionMessage); check that the server runs and accepts this user")
        }
        // Server notices ("relation … already exists, skipping") are not ours to print:
        // libpq's default processor writes them to standard error.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        // Durable commits whatever the server's default, except on the connections kept for
        // the writes TrustStorage allows to lose (see PostgresTrustStore, Durability).
        try executeValueFree(
            synchronousCommit ? "SET synchronous_commit = on" : "SET synchronous_commit = off", during: "configuring the connection")
    }

    deinit { PQfinish(handle) }

    /// Whether the connection is still up, without blocking: reads whatever the server sent
    /// meanwhile (an administrator shutdown's FATAL message, or end of file after a crash).
    var isAlive: Bool {
        guard !gaveUp, PQstatus(handle) == CONNECTION_OK else { return false }
        return PQconsumeInput(handle) == 1 && PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
    }

    /// Whether the connection is gone (after a failed call).
    var isBroken: Bool { gaveUp || PQstatus(handle) != CONNECTION_OK }

    /// Runs a value-free statement (DDL, `BEGIN`, `COMMIT`) with the simple protocol; several
    /// statements separated by `;` run in order.
    func executeValueFree(_ sql: String, during operation: String) throws(StoreError) {
        try send(PQsendQuery(handle, sql), during: operation)
        for result in try awaitResults(during: operation) { try check(result, during: operation) }
    }

    /// Runs `sql` with `parameters` bound, as a statement prepared once on this connection.
    @discardableResult
    func execute(_ sql: String, _ parameters: [PostgresValue] = [], during operation: String) throws(StoreError) -> PostgresResult {
        let name = try preparedName(sql, parameters, during: operation)
        let buffers = parameters.map(\.binary)
        let lengths = buffers.map { Int32($0?.count ?? 0) }
        let formats = [Int32](repeating: 1, count: parameters.count)
        let pointers = buffers.map { buffer -> UnsafeMutablePointer<CChar>? in
            guard let buffer else { return nil }
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: max(buffer.count, 1))
            buffer.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { UnsafeMutableRawPointer(pointer).copyMemory(from: base, byteCount: buffer.count) }
            }
            return pointer
        }
        defer {
            for (index, pointer) in pointers.enumerated() {
                // Parameters may be secrets (PIN hashes): wipe before freeing.
                if let pointer { pointer.update(repeating: 0, count: max(buffers[index]?.count ?? 0, 1)); pointer.deallocate() }
            }
        }
        let values = pointers.map { UnsafePointer($0) }
        let sent = values.withUnsafeBufferPointer { values in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    PQsendQueryPrepared(handle, name, Int32(parameters.count), values.baseAddress, lengths.baseAddress, formats.baseAddress, 1)
                }
            }
        }
        try send(sent, during: operation)
        let results = try awaitResults(during: operation)
        for result in results { try check(result, during: operation) }
        return results.last!
    }

    private func preparedName(_ sql: String, _ parameters: [PostgresValue], during operation: String) throws(StoreError) -> String {
        if let name = prepared[sql] { return name }
        let name = "devicetrust_\(prepared.count)"
        let types = parameters.map { UInt32($0.type.rawValue) }
        let sent = types.withUnsafeBufferPointer { types in
            PQsendPrepare(handle, name, sql, Int32(types.count), types.baseAddress)
        }
        try send(sent, during: "\(operation): preparing the statement")
        for result in try awaitResults(during: operation) { try check(result, during: "\(operation): preparing the statement") }
        prepared[sql] = name
        return name
    }

    private func send(_ sent: Int32, during operation: String) throws(StoreError) {
        guard sent == 1 else { throw PostgresErrors.connectionLost(during: operation, message: connectionMessage) }
    }

    /// Waits (at most ``replyTimeout``) until the reply is complete and returns every result
    /// of it, in order, each in its owner (so all are cleared whichever one fails); throws
    /// a lost connection when there is none.
    private func awaitResults(during operation: String) throws(StoreError) -> [PostgresResult] {
        let deadline = Date().addingTimeInterval(replyTimeout)
        while PQisBusy(handle) == 1 {
            let remaining = deadline.timeIntervalSinceNow
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            let ready = remaining > 0 ? poll(&descriptor, 1, Int32(max(1, remaining * 1000))) : 0
            if ready == 0 {
                gaveUp = true
                throw StoreError(
                    .unavailable,
                    reason:
                        "\(operation) failed: PostgreSQL at \(settings.redactedURL) did not answer within \(replyTimeout) s; the connection is given up, retry later"
                )
            }
            if ready < 0, errno == EINTR { continue }
            guard ready > 0, PQconsumeInput(handle) == 1 else { break }
        }
        var results: [PostgresResult] = []
        while let result = PQgetResult(handle) { results.append(PostgresResult(result)) }
        guard !results.isEmpty else { throw PostgresErrors.connectionLost(during: operation, message: connectionMessage) }
        return results
    }

    /// Throws the mapped ``StoreError`` for a failed result.
    private func check(_ result: PostgresResult, during operation: String) throws(StoreError) {
        guard result.succeeded else {
            throw PostgresErrors.error(for: result, connectionBroken: isBroken, during: operation, message: connectionMessage)
        }
    }

    /// libpq's message for the connection's last failure: its first line, with the
    /// password (should libpq ever quote it) removed.
    private var connectionMessage: String {
        let text = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "no message"
        return settings.scrubbed(line)
    }
}
