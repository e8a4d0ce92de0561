import EntityWrites
import Foundation
import GRDB
import RepositoryCore

/// `EntityWrites`' `WriteStore` in a cache file (`entity_writes`, `entity_write_sequences`): one
/// `scope`'s writes, kept across restarts and a `kill -9`. A value; thread-safe (one transaction
/// per commit or read). One book should own a scope at a time, or they overwrite each other's
/// writes: claim it first (`CacheDatabase.claimWrites`).
public struct SQLiteWriteStore: WriteStore {
    /// What one scope holds, read in one transaction: the writes whose record was read, oldest
    /// first; the next write's number (past every row; 1 for a new scope); the rows whose record
    /// could not be read (damaged, of a newer version, or naming another number than its row's),
    /// skipped and left in place, their numbers never given again. A value.
    public struct Contents: Sendable, Hashable {
        public let writes: [EntityWrite]
        public let nextSequence: Int64
        public let unreadable: [Int64]
    }

    /// The database of the writes.
    public let database: CacheDatabase
    /// Whose writes these are: an API, a writer.
    public let scope: String

    /// The writes of `scope` in `database`.
    public init(database: CacheDatabase, scope: String) {
        self.database = database
        self.scope = scope
    }
}

extension SQLiteWriteStore {
    /// Every scope's writes in the cache file at `file`, only read (`cache pending`): nothing is
    /// written, moved or migrated; scopes in name order, each one's writes oldest first. Throws
    /// `.notFound` when there is no file, `.storageFailure` when it cannot be read.
    public static func everyScope(file: URL) throws(RepositoryError)
        -> [(scope: String, writes: [EntityWrite])]
    {
        try RepositoryError.catching {
            try ReadOnlyFile.queue(file, label: "charbrowser.writes.inspection").read { db in
                guard try db.tableExists("entity_writes") else { return [] }
                let scopes = try String.fetchAll(
                    db, sql: "SELECT DISTINCT scope FROM entity_writes ORDER BY scope")
                return try scopes.map { scope in (scope, try contents(of: scope, in: db).writes) }
            }
        }
    }

    /// `contents()` without the unreadable rows.
    public func load() async throws(RepositoryError) -> (writes: [EntityWrite], nextSequence: Int64) {
        let contents = try await contents()
        return (contents.writes, contents.nextSequence)
    }

    /// What the scope holds, read in one transaction.
    public func contents() async throws(RepositoryError) -> Contents {
        let scope = scope
        do {
            return try await database.writer.read { db in try Self.contents(of: scope, in: db) }
        } catch {
            throw RepositoryError(database: error)
        }
    }

    /// `contents()` on the calling thread, for an owner that must know its writes as it starts.
    public func contentsNow() throws(RepositoryError) -> Contents {
        let scope = scope
        return try database.read { db in try Self.contents(of: scope, in: db) }
    }

    /// Keeps `transition` in one write transaction: its removed writes deleted, its saved ones
    /// inserted or replaced. A record that cannot be encoded (`.serialization`), or any failure of
    /// the transaction (`.storageFailure`), leaves the file as it was.
    public func commit(_ transition: WriteTransition, nextSequence: Int64) async throws(RepositoryError) {
        let work = try transaction(
            saving: transition.saved, replacing: true, next: nextSequence,
            deleting: "DELETE FROM entity_writes WHERE scope = ? AND sequence = ?",
            transition.removed.map { [scope, $0] })
        try await database.write(work)
    }

    /// Moves the older outbox's rows `sequences`, converted into `writes` by the application, into
    /// this scope in one transaction (a number the scope holds fails it all). At start, on the
    /// calling thread: before the writer that will send them exists, so no commit can come first.
    public func adoptNow(_ writes: [EntityWrite], removingOutboxRows sequences: [Int64], nextSequence: Int64)
        throws(RepositoryError)
    {
        let work = try transaction(
            saving: writes, replacing: false, next: nextSequence,
            deleting: "DELETE FROM write_outbox WHERE sequence = ?", sequences.map { [$0] })
        try RepositoryError.catching { try database.writer.write(work) }
    }

    /// What `scope` holds in `db` (none in an older version's file); the next number is past every
    /// row, unreadable ones too.
    static func contents(of scope: String, in db: Database) throws -> Contents {
        let none = Contents(writes: [], nextSequence: 1, unreadable: [])
        guard try db.tableExists("entity_writes") else { return none }
        let decoder = JSONDecoder()
        var writes: [EntityWrite] = []
        var unreadable: [Int64] = []
        let sql = "SELECT sequence, record FROM entity_writes WHERE scope = ? ORDER BY sequence"
        try Row.fetchCursor(db, sql: sql, arguments: [scope]).forEach { row in
            let sequence: Int64 = row[0]
            if let write = (row[1] as Data?).flatMap({ try? decoder.decode(EntityWrite.self, from: $0) }),
                write.sequence == sequence
            {
                writes.append(write)
            } else {
                unreadable.append(sequence)
            }
        }
        let kept = try Int64.fetchOne(
            db, sql: "SELECT next FROM entity_write_sequences WHERE scope = ?", arguments: [scope])
        let newest = (writes.map(\.sequence) + unreadable).max() ?? 0
        return Contents(writes: writes, nextSequence: max(kept ?? 1, newest + 1), unreadable: unreadable)
    }

    /// A write transaction's work: `deleting` run with each of `removed`, `writes` inserted (or
    /// replacing rows of their numbers), the next number raised past them to at least `next`.
    /// Encodes first, so a record JSON cannot write (a number not finite) throws before any write.
    private func transaction(
        saving writes: [EntityWrite], replacing: Bool, next: Int64, deleting: String,
        _ removed: [StatementArguments]
    ) throws(RepositoryError) -> @Sendable (Database) throws -> Void {
        let rows = try writes.map { (write) throws(RepositoryError) -> (EntityWrite, Data) in
            guard let record = write.record() else {
                throw .serialization(detail: "write #\(write.sequence) holds a number JSON cannot write")
            }
            return (write, record)
        }
        let scope = scope
        let next = max(next, (writes.map(\.sequence).max() ?? 0) + 1)
        return { db in
            let delete = try db.cachedStatement(sql: deleting)
            for arguments in removed { try delete.execute(arguments: arguments) }
            let insert = try db.cachedStatement(
                sql: """
                    INSERT \(replacing ? "OR REPLACE " : "")INTO entity_writes
                        (scope, sequence, entity, state, record, created_at) VALUES (?, ?, ?, ?, ?, ?)
                    """)
            for (write, record) in rows {
                try insert.execute(arguments: [
                    scope, write.sequence, write.entity, write.state.rawValue, record,
                    write.createdAt.storedSeconds,
                ])
            }
            try db.execute(
                sql: """
                    INSERT INTO entity_write_sequences (scope, next) VALUES (?, ?)
                    ON CONFLICT (scope) DO UPDATE SET next = max(next, excluded.next)
                    """, arguments: [scope, next])
        }
    }
}

extension RepositoryError {
    /// What `body` returns, any error it throws translated as `init(database:)` does.
    static func catching<T>(_ body: () throws -> T) throws(RepositoryError) -> T {
        do {
            return try body()
        } catch {
            throw RepositoryError(database: error)
        }
    }
}
