import EntityWrites
import Foundation
import GRDB
import RepositoryCore

/// `EntityWrites`' `WriteStore` in a cache file: the writes of one book, kept across restarts and
/// a `kill -9` at any moment.
///
/// One file serves several APIs, so a store keeps one `scope`'s writes (an API, a writer: the
/// caller names it; stores of different scopes on one file never see each other's writes). What
/// is written where: each write is a row of `entity_writes` (migration `v7-entity-writes`), its
/// record the `EntityWrite` as JSON (sorted keys) — the only copy of its method, request and key —
/// beside its entity, state and creation time for counting and inspection; the scope's next
/// number is a row of `entity_write_sequences`, so a number is never given twice, even after
/// every write was removed. The writes of the older outbox (`write_outbox`) are the
/// application's to convert and `adoptNow`.
///
/// A value over a `CacheDatabase` (or, from `openReadOnly(file:scope:)`, a file only read);
/// thread-safe as it is: a commit is one write transaction on the database's writer, a read one
/// read transaction. One book should own a scope at a time: two writers committing to one scope
/// would overwrite each other's writes.
public struct SQLiteWriteStore: WriteStore {
    /// The database that holds the writes; nil when opened read-only, where every commit fails
    /// with `.storageFailure`.
    public let database: CacheDatabase?
    /// Whose writes these are: an API, a writer.
    public let scope: String
    private let reader: any DatabaseReader

    /// The writes of `scope` in `database`.
    public init(database: CacheDatabase, scope: String) {
        self.database = database
        self.scope = scope
        reader = database.writer
    }

    /// The writes of `scope` in the cache file at `file`, only read: nothing is written, moved or
    /// migrated (a file of a version before these writes holds none). Throws `.notFound` when
    /// there is no file, `.storageFailure` when it cannot be read.
    public static func openReadOnly(file: URL, scope: String) throws(RepositoryError) -> SQLiteWriteStore {
        do {
            return SQLiteWriteStore(
                reader: try ReadOnlyFile.queue(file, label: "charbrowser.writes.inspection"), scope: scope)
        } catch {
            throw RepositoryError(database: error)
        }
    }

    private init(reader: any DatabaseReader, scope: String) {
        database = nil
        self.scope = scope
        self.reader = reader
    }

    /// The writes kept, oldest first, and the number the next write gets (1 for a new scope). A
    /// record that cannot be read (damaged, or written by a newer version that knows a state this
    /// one does not) is skipped and left in place; `contents()` names it.
    public func load() async throws(RepositoryError) -> (writes: [EntityWrite], nextSequence: Int64) {
        let contents = try await contents()
        return (contents.writes, contents.nextSequence)
    }

    /// What the scope holds, read in one transaction: the writes, the next number (past every
    /// row, unreadable ones too) and the numbers of the rows whose record could not be read.
    public func contents() async throws(RepositoryError) -> Contents {
        let scope = scope
        do {
            return try await reader.read { db in try Self.contents(of: scope, in: db) }
        } catch {
            throw RepositoryError(database: error)
        }
    }

    /// What `scope` holds, read in `db`'s transaction.
    static func contents(of scope: String, in db: Database) throws -> Contents {
        let (writes, unreadable) = try EntityWriteRows.read(scope, in: db)
        return Contents(writes: writes, nextSequence: try EntityWriteRows.next(of: scope, in: db), unreadable: unreadable)
    }

    /// Keeps `transition` in one write transaction: its removed writes deleted, its saved ones
    /// inserted or replaced (by number), and the scope's next number raised to `nextSequence`
    /// (never lowered). Every record is encoded first: one that cannot be (`.serialization`)
    /// leaves the file as it was; so does any failure of the transaction (`.storageFailure`).
    public func commit(_ transition: WriteTransition, nextSequence: Int64) async throws(RepositoryError) {
        let database = try writable()
        let stored = try EntityWriteRows.encode(transition.saved)
        let (scope, removed) = (scope, transition.removed)
        let next = max(nextSequence, (stored.map(\.sequence).max() ?? 0) + 1)
        try await database.write { db in
            try EntityWriteRows.delete(removed, of: scope, in: db)
            try EntityWriteRows.insert(stored, into: scope, replacing: true, in: db)
            try EntityWriteRows.raiseNext(of: scope, to: next, in: db)
        }
    }

    /// The database to write to, or `.storageFailure` when the store was opened read-only.
    private func writable() throws(RepositoryError) -> CacheDatabase {
        guard let database else { throw .storageFailure(detail: "the write store was opened read-only") }
        return database
    }
}

extension SQLiteWriteStore {
    /// What one scope holds, as read in one transaction. A value; thread-safe.
    public struct Contents: Sendable, Hashable {
        /// The writes whose record was read, oldest first.
        public let writes: [EntityWrite]
        /// The number the next write gets: the kept one, and past every row (1 for a new scope).
        public let nextSequence: Int64
        /// The numbers of the rows whose record could not be read (damaged, written by a newer
        /// version, or naming another number than its row's): skipped, left in place, and never
        /// given to a new write.
        public let unreadable: [Int64]
    }
}
