import Foundation
import GRDB
import RepositoryCore

extension CacheDatabase {
    /// Runs `body` synchronously on a read-only connection (a deferred read transaction: no write
    /// lock, never waits for a writer in WAL mode). Used on the hot path, where hopping to another
    /// thread would cost more than the read itself.
    func read<T>(_ body: (Database) throws -> T) throws(RepositoryError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw RepositoryError(database: error)
        }
    }

    /// Runs `body` synchronously on one of the hot path's own read-only connections
    /// (`ReadConnections`: no pool checkout) as autocommit statements (one statement is its own
    /// snapshot; see `ReadConnections.read` for several); through the pool (`read`, one read
    /// transaction) when none is available.
    func fastRead<T>(_ body: (Database) throws -> T) throws(RepositoryError) -> T {
        try fastRead { db, _ in try body(db) }
    }

    /// As `fastRead(_:)`, `body` also given the connection's kept statements (`HotStatements`;
    /// through the pool, a holder for that one read).
    func fastRead<T>(_ body: (Database, HotStatements) throws -> T) throws(RepositoryError) -> T {
        do {
            if let readConnections, let result = try readConnections.read(body) {
                return result
            }
            return try writer.read { db in try HotStatements(keeps: false).bound(to: db) { try body(db, $0) } }
        } catch {
            throw RepositoryError(database: error)
        }
    }

    /// Runs `body` in one write transaction on the writer connection, suspending the caller.
    ///
    /// The same transaction first writes the last-access times reads recorded, and afterwards
    /// sweeps least-recently-used entries when the cache is over `maximumBytes`.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(RepositoryError)
        -> T
    {
        let accesses = accessLog.drain()
        let options = options
        do {
            let result = try await writer.write { db in
                try CacheEntryStore.applyAccessTimes(accesses, in: db)
                let result = try body(db)
                if try CacheEntryStore.totalSize(in: db) > options.maximumBytes {
                    _ = try CacheEntryStore.evictLeastRecentlyUsed(downTo: options.sweepTargetBytes, in: db)
                }
                return result
            }
            writeHealth.note(nil)
            return result
        } catch {
            accessLog.restore(accesses)
            let failure = RepositoryError(database: error)
            writeHealth.note(failure)
            throw failure
        }
    }

    /// Why the last write to the database failed (a full disk, a file made read-only), nil since
    /// one succeeded or when none failed: while set, what is read is not kept here, nor are writes
    /// kept for their server. Thread-safe.
    public var writeFailure: RepositoryError? { writeHealth.current }

    /// Each change of `writeFailure` from now on: the error when writes start failing, nil when
    /// one succeeds again. The stream ends when dropped.
    public func writeFailureChanges() -> AsyncStream<RepositoryError?> { writeHealth.stream() }

    /// Writes the last-access times recorded by reads since the last write (normally done by the next write).
    public func flushAccessTimes() async throws(RepositoryError) {
        try await write { _ in }
    }

    /// Evicts least-recently-used entries until the total is at most `maximumBytes × sweepTargetRatio`,
    /// whether or not the budget is exceeded; returns how many entries were removed.
    @discardableResult
    public func sweep() async throws(RepositoryError) -> Int {
        let target = options.sweepTargetBytes
        return try await write { db in try CacheEntryStore.evictLeastRecentlyUsed(downTo: target, in: db) }
    }

    /// The summed size of every cached entry (all namespaces), as the sweep counts it.
    public func totalBytes() throws(RepositoryError) -> Int {
        try read { db in try CacheEntryStore.totalSize(in: db) }
    }

    /// How many cached entries the file holds (all namespaces).
    public func entryCount() throws(RepositoryError) -> Int {
        try read { db in try CacheEntryStore.entryCount(in: db) }
    }
}
