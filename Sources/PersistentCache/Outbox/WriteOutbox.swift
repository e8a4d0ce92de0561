import Foundation
import GRDB
import RepositoryCore

/// A durable queue of writes of cached entities, in the same SQLite file as the cache: a write
/// the server could not take now is kept here (with the optimistic value, in one transaction:
/// `SQLiteDataSource.put(_:for:queueing:)`) until it is sent and answered, across restarts and a
/// `kill -9` at any moment. Writes are read in the order written; each keeps its idempotency key
/// for every send, so a write whose answer was lost is applied once when sent again.
///
/// What the application does with a write (sending it, judging the answer) is its own; the outbox
/// keeps the record: attempts, the last error, and writes in conflict or rejected until the user
/// decides. A value over a `CacheDatabase` (or, from `openReadOnly(file:)`, a file only read);
/// thread-safe as it is (writes are transactions on its writer, reads a read transaction). Purging
/// the cache's entries leaves the outbox alone.
public struct WriteOutbox: Sendable {
    /// The database that holds the outbox (and the cached values it goes with); nil when opened
    /// read-only, where every write fails with `.storageFailure`.
    public let database: CacheDatabase?
    private let reader: any DatabaseReader

    /// The outbox of `database`.
    public init(database: CacheDatabase) {
        self.database = database
        reader = database.writer
    }

    /// The outbox of the cache file at `file`, only read: nothing is written, moved or migrated (a
    /// file of a version before the outbox holds no write). Throws `.notFound` when there is no
    /// file, `.storageFailure` when it cannot be read.
    public static func openReadOnly(file: URL) throws(RepositoryError) -> WriteOutbox {
        do {
            return WriteOutbox(reader: try ReadOnlyFile.queue(file, label: "charbrowser.outbox.inspection"))
        } catch let error as RepositoryError {
            throw error
        } catch {
            throw RepositoryError(database: error)
        }
    }

    private init(reader: any DatabaseReader) {
        database = nil
        self.reader = reader
    }

    /// Keeps `write` (folded into an earlier write of the entity never sent, when it says how);
    /// returns it as kept.
    @discardableResult
    public func enqueue(_ write: NewOutboxWrite) async throws(RepositoryError) -> OutboxWrite {
        let database = try writable()
        let now = database.now
        return try await database.write { db in try OutboxStore.enqueue(write, now: now, in: db) }
    }

    /// The writes waiting to be sent, oldest first.
    public func pending() throws(RepositoryError) -> [OutboxWrite] {
        try read(none: []) { db in try OutboxStore.all(in: [.pending], in: db) }
    }

    /// The oldest write waiting to be sent whose entity is of `kind`, or nil: what a drain sends
    /// next, read as one row however many writes wait.
    public func firstPending(kind: String) throws(RepositoryError) -> OutboxWrite? {
        try read(none: nil) { db in try OutboxStore.firstPending(kind: kind, in: db) }
    }

    /// Every write kept (pending, in conflict, rejected), oldest first.
    public func all() throws(RepositoryError) -> [OutboxWrite] {
        try read(none: []) { db in try OutboxStore.all(in: nil, in: db) }
    }

    /// One write, or nil when it is not kept (sent and done, or discarded).
    public func write(_ sequence: Int64) throws(RepositoryError) -> OutboxWrite? {
        try read(none: nil) { db in try OutboxStore.fetch(sequence, in: db) }
    }

    /// Runs `body` in a read transaction; a file without the outbox's table holds no write (`none`).
    private func read<T>(none: T, _ body: (Database) throws -> T) throws(RepositoryError) -> T {
        do {
            return try reader.read { db in try db.tableExists("write_outbox") ? body(db) : none }
        } catch {
            throw RepositoryError(database: error)
        }
    }

    /// The database to write to, or `.storageFailure` when the outbox was opened read-only.
    private func writable() throws(RepositoryError) -> CacheDatabase {
        guard let database else { throw .storageFailure(detail: "the outbox was opened read-only") }
        return database
    }

    /// Counts a send of `sequence` as about to leave (its attempts and their time). From then on
    /// it is never folded with a later write: the server may have applied it already.
    public func recordSending(_ sequence: Int64) async throws(RepositoryError) {
        let database = try writable()
        let now = database.now
        try await database.write { db in try OutboxStore.recordSending(sequence, now: now, in: db) }
    }

    /// Counts the send of the oldest pending write of `kind` after write `after` (any, when nil)
    /// as about to leave, as `recordSending(_:)` does, and returns it as counted; nil when there
    /// is none. A drain counts the write after the one it is sending, so it can send it as soon
    /// as the answer comes.
    public func recordSending(nextOf kind: String, after: Int64?) async throws(RepositoryError) -> OutboxWrite? {
        let database = try writable()
        let now = database.now
        return try await database.write { db in
            try OutboxStore.recordSending(nextOf: kind, after: after, now: now, in: db)
        }
    }

    /// Takes back a send of `sequence` counted by `recordSending` and never made (the drain
    /// stopped before it): one attempt fewer, and with none left, no time of a last attempt.
    public func uncountSending(_ sequence: Int64) async throws(RepositoryError) {
        try await writable().write { db in try OutboxStore.uncountSending(sequence, in: db) }
    }

    /// Keeps why the last send of `sequence` got no usable answer; it stays pending.
    public func recordFailure(_ sequence: Int64, error: String) async throws(RepositoryError) {
        try await update(sequence, state: .pending, error: error, detail: nil)
    }

    /// Keeps `sequence` in conflict, with why and `detail` (the server's version), until the
    /// user decides; it is not sent meanwhile.
    public func markConflict(_ sequence: Int64, reason: String, detail: Data?) async throws(RepositoryError) {
        try await update(sequence, state: .conflict, error: reason, detail: detail)
    }

    /// Keeps `sequence` as refused for good, with the reason, until the user discards it.
    public func markRejected(_ sequence: Int64, reason: String, detail: Data?) async throws(RepositoryError) {
        try await update(sequence, state: .rejected, error: reason, detail: detail)
    }

    /// Sends `sequence` again: pending once more (from conflict or rejected), with `body` when
    /// given (mine over the server's version, say). Returns whether it was kept.
    @discardableResult
    public func retry(_ sequence: Int64, body: Data? = nil) async throws(RepositoryError) -> Bool {
        try await writable().write { db in
            try db.execute(
                sql: "UPDATE write_outbox SET state = 'pending', body = coalesce(?, body) WHERE sequence = ?",
                arguments: [body, sequence])
            return db.changesCount > 0
        }
    }

    /// Removes `sequence`: done (answered and stored), or discarded by the user. Returns whether
    /// it was kept.
    @discardableResult
    public func remove(_ sequence: Int64) async throws(RepositoryError) -> Bool {
        try await writable().write { db in
            try db.execute(sql: "DELETE FROM write_outbox WHERE sequence = ?", arguments: [sequence])
            return db.changesCount > 0
        }
    }

    private func update(_ sequence: Int64, state: OutboxWrite.State, error: String, detail: Data?)
        async throws(RepositoryError)
    {
        try await writable().write { db in
            try db.execute(
                sql: """
                    UPDATE write_outbox SET state = ?, last_error = ?, detail = coalesce(?, detail)
                    WHERE sequence = ?
                    """,
                arguments: [state.rawValue, error, detail, sequence])
        }
    }
}
