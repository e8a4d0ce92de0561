import Foundation
import PostgresNIO
import RepositoryCore

/// A main source (the network) wrapped so that processes sharing the table make one call per key
/// at a time: cross-process single flight with a PostgreSQL advisory lock on the key.
///
/// A read takes the key's session lock (waiting at most `flightWaitTimeout`). Holding it, it
/// first looks for the key's row: any row when this process missed it in the shared tier a
/// moment ago (none existed then, so it is newer than the read), else (a refresh) only a row
/// written after the wait began. If there is one, that is
/// the answer (origin `.sharedCache`) and main is not called. Otherwise it calls main, writes the
/// row (none for a `no-store` answer) and releases the lock, so the processes waiting behind it
/// find the row. That row is a hand-off to the waiters and is written without `NOTIFY`: the cache
/// write that follows the read (the shared tier's `put`) is the one write other processes are
/// told of, so a refresh is one `NOTIFY` per key.
/// When the lock cannot be had (the server is down, slow, or the holder takes too long) the read
/// calls main itself: the lock saves calls, it never blocks an answer. Thread-safe value type.
public struct SharedFlightSource<Main: GetDataSource>: GetDataSource {
    /// The type of value served.
    public typealias Value = Main.Value

    /// The source of truth.
    public let main: Main
    /// The shared tier whose rows the waiting processes read.
    public let shared: PostgresDataSource<Value>

    /// Wraps `main`, coalescing its calls across the processes that share `shared`'s table.
    public init(main: Main, shared: PostgresDataSource<Value>) {
        self.main = main
        self.shared = shared
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        let store = shared.store
        let (namespace, key, table, sender) = (
            shared.namespace, query.cacheKey, store.options.table, store.instanceID
        )
        let wait = store.options.flightWaitTimeout
        // The deadline of each statement on the locked connection (main's call has its own).
        let limit = store.options.operationTimeout
        let (codec, payloadLimit) = (shared.codec, store.options.maximumPayloadSize)
        let signingKey = store.options.signingKey
        let main = main
        // After a recent miss in the shared tier any row found now was written since (none
        // existed then), so it counts; otherwise (a refresh) only a row written after the wait began.
        let acceptsAnyRow = store.takeMiss(namespace: namespace, key: key).map { $0 < wait * 2 } ?? false
        // The outcome of main travels out of the locked section as a value, so a failure of the
        // lock itself (thrown) is told apart from main's own answer.
        let outcome: Result<Entry<Value>, RepositoryError>
        do {
            outcome = try await store.performLocked(lockKey: namespace + "|" + key, wait: wait) {
                connection, logger, startedAt in
                if let row = try await PostgresCacheStore.withDeadline(
                    limit,
                    {
                        try await SharedRow.fetch(
                            namespace: namespace, key: key, table: table,
                            writtenSince: acceptsAnyRow ? nil : startedAt, limit: payloadLimit,
                            on: connection,
                            logger: logger)
                    })
                {
                    if !row.passesSignatureCheck(signingKey, namespace: namespace, key: key, limit: payloadLimit) {
                        // Refused; main's answer below replaces it.
                        store.countRefusedRow()
                    } else {
                        do throws(RepositoryError) {
                            return .success(
                            Entry(
                                value: try row.decoded(
                                    by: codec, key: key, namespace: namespace, limit: payloadLimit),
                                    metadata: row.metadata,
                                    origin: .sharedCache))
                        } catch {}
                    }
                }
                let fetched: Result<Entry<Value>, RepositoryError>
                do throws(RepositoryError) {
                    fetched = .success(try await main.get(query, cached: cached))
                } catch {
                    fetched = .failure(error)
                }
                // (a `no-store` answer leaves no row: the waiters read main themselves)
                if case .success(let entry) = fetched, !entry.metadata.noStore,
                    let payload = try? PostgresDataSource<Value>.encodedPayload(
                        entry.value, codec: codec, key: "\(namespace) \(key)", limit: payloadLimit)
                {
                    let row = SharedRow(payload: payload, metadata: entry.metadata)
                        .signed(by: signingKey, namespace: namespace, key: key)
                    _ = try await PostgresCacheStore.withDeadline(limit) {
                        try await row.upsert(
                            namespace: namespace, key: key, table: table, announcingOn: nil, sender: sender,
                            on: connection, logger: logger)
                    }
                }
                return fetched
            }
        } catch {
            if error == .cancelled { throw error }
            return try await main.get(query, cached: cached)
        }
        return try outcome.get()
    }
}

extension PostgresCacheStore {
    /// Runs `body` holding the session advisory lock for `lockKey`, waiting at most `wait` for it;
    /// `body` gets the server time (epoch seconds) from before the wait. Not bounded by `operationTimeout`
    /// (the holder's main call may take longer), except the wait for a pooled connection: none
    /// within `operationTimeout` (the server down or restarting, the pool busy) fails it, and the
    /// read calls main itself. The lock is released before the connection goes back.
    func performLocked<Result: Sendable>(
        lockKey: String, wait: Duration,
        _ body: @escaping @Sendable (PostgresConnection, Logger, Double) async throws -> Result
    ) async throws(RepositoryError) -> Result {
        let (statementTimeout, operationTimeout) = (options.statementTimeout, options.operationTimeout)
        return try await perform(bounded: false) { connection, logger in
            // Each statement within its own deadline: one on a connection that stopped answering
            // (the server stopped under it) must not hold the read; the body bounds its own.
            func statement(_ sql: PostgresQuery, within limit: Duration = operationTimeout) async throws {
                try await Self.withDeadline(limit) { _ = try await connection.query(sql, logger: logger) }
            }
            let startedAt = try await Self.withDeadline(operationTimeout) {
                var startedAt = 0.0
                for try await now in try await connection.query(
                    "SELECT extract(epoch FROM clock_timestamp())::float8", logger: logger
                ).decode(Double.self) {
                    startedAt = now
                }
                return startedAt
            }
            try await statement("SET statement_timeout = \(unescaped: String(wait.milliseconds))")
            do {
                try await statement(
                    "SELECT pg_advisory_lock(hashtextextended(\(lockKey), 0))",
                    within: operationTimeout + wait)
            } catch {
                try? await statement(
                    "SET statement_timeout = \(unescaped: String(statementTimeout.milliseconds))")
                throw error
            }
            try await statement("SET statement_timeout = \(unescaped: String(statementTimeout.milliseconds))")
            do {
                let result = try await body(connection, logger, startedAt)
                try await statement("SELECT pg_advisory_unlock(hashtextextended(\(lockKey), 0))")
                return result
            } catch {
                try? await statement("SELECT pg_advisory_unlock(hashtextextended(\(lockKey), 0))")
                throw error
            }
        }
    }
}
