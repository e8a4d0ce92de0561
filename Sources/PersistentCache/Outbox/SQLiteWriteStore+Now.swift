import EntityWrites
import GRDB
import Foundation
import RepositoryCore

extension SQLiteWriteStore {
    /// `contents()`, read on the calling thread: for an owner that starts synchronously and must
    /// know its writes before its first read.
    public func contentsNow() throws(RepositoryError) -> Contents {
        guard let database else { throw .storageFailure(detail: "the write store was opened read-only") }
        let scope = scope
        do {
            return try database.writer.read { db in try Self.contents(of: scope, in: db) }
        } catch {
            throw RepositoryError(database: error)
        }
    }

    /// Moves writes of the older outbox into this scope, once, at start, on the calling thread (before
    /// the writer that will send them exists, so no commit of theirs can come first): in one write
    /// transaction, inserts `writes` (converted by the application from the outbox's rows, whose
    /// bodies only it can read), deletes the outbox rows `sequences`, and raises the scope's next
    /// number to `nextSequence` and past every adopted write. A number the scope already holds fails
    /// the whole adoption (`.storageFailure`) and changes nothing.
    public func adoptNow(_ writes: [EntityWrite], removingOutboxRows sequences: [Int64], nextSequence: Int64)
        throws(RepositoryError)
    {
        guard let database else { throw .storageFailure(detail: "the write store was opened read-only") }
        let scope = scope
        do {
            let stored = try EntityWriteRows.encode(writes)
            let next = max(nextSequence, (stored.map(\.sequence).max() ?? 0) + 1)
            try database.writer.write { db in
                try EntityWriteRows.insert(stored, into: scope, replacing: false, in: db)
                let statement = try db.cachedStatement(sql: "DELETE FROM write_outbox WHERE sequence = ?")
                for sequence in sequences { try statement.execute(arguments: [sequence]) }
                try EntityWriteRows.raiseNext(of: scope, to: next, in: db)
            }
        } catch let error as RepositoryError {
            throw error
        } catch {
            throw RepositoryError(database: error)
        }
    }
}

extension SQLiteWriteStore {
    /// Every scope's writes in the cache file at `file`, only read (`cache pending`, tests): each
    /// scope with its writes, oldest first; scopes in name order. A file of a version before these
    /// writes holds none. Throws `.notFound` when there is no file, `.storageFailure` when it cannot
    /// be read.
    public static func everyScope(file: URL) throws(RepositoryError) -> [(scope: String, writes: [EntityWrite])] {
        do {
            let reader = try ReadOnlyFile.queue(file, label: "charbrowser.writes.inspection")
            return try reader.read { db in
                guard try db.tableExists("entity_writes") else { return [] }
                let scopes = try String.fetchAll(db, sql: "SELECT DISTINCT scope FROM entity_writes ORDER BY scope")
                return try scopes.map { scope in (scope, try EntityWriteRows.read(scope, in: db).writes) }
            }
        } catch let error as RepositoryError {
            throw error
        } catch {
            throw RepositoryError(database: error)
        }
    }
}
