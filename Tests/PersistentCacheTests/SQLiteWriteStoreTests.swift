import EntityWrites
import Foundation
import GRDB
import PersistentCache
import RepositoryCore
import Testing

/// `SQLiteWriteStore` as an `EntityWriter` meets it, from its doc comments: writes in every state
/// kept across a restart, removals, a next number never given twice, scopes apart, one
/// transaction per commit, the older outbox's rows adopted, an unreadable record skipped.
@Suite("The SQLite write store: a book's writes per scope, one transaction per commit")
struct SQLiteWriteStoreTests {
    /// A time with a fraction of a second: dates must come back exactly.
    static let at = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456)

    /// A pending patch of `entity`, numbered `sequence`.
    static func pending(_ sequence: Int64, _ entity: String = "/api/character/1", name: String = "Rick C-137")
        -> EntityWrite
    {
        EntityWrite(
            sequence: sequence, entity: entity, method: .patch,
            base: ["name": .string("Rick"), "status": .string("Alive")],
            baseTag: "\"v1\"", changes: ["name": .string(name)], createdAt: at)
    }

    /// One write in each state: pending, sending (with its request), in conflict (with the
    /// server's copy), rejected (a delete).
    static func everyState() -> [EntityWrite] {
        var sending = pending(2, "/api/character/2")
        sending.state = .sending
        sending.request = WriteRequest(idempotencyKey: "key-2", ifMatch: "\"v1\"", fields: sending.changes)
        sending.attempts = 2
        sending.notBefore = at.addingTimeInterval(30.5)
        sending.lastError = "the server is unavailable"
        var conflict = pending(3, "/api/character/3")
        conflict.state = .conflict
        conflict.merged = true
        conflict.conflict = WriteConflict(
            theirs: ServerCopy(
                value: [
                    "name": .string("Rick Sanchez"),
                    "episode": .array([.string("/api/episode/1"), .number(2.5)]),
                    "origin": .object(["name": .string("Earth"), "url": .null]), "alive": .bool(true),
                ], tag: "\"v9\""),
            fields: ["name"])
        var rejected = EntityWrite(
            sequence: 4, entity: "/api/character/4", method: .delete, base: nil, baseTag: nil, changes: [:],
            createdAt: at.addingTimeInterval(1))
        rejected.state = .rejected
        rejected.attempts = 1
        rejected.lastError = "403 status: not yours"
        return [pending(1), sending, conflict, rejected]
    }

    static func saving(_ writes: [EntityWrite], removing removed: [Int64] = []) -> WriteTransition {
        var transition = WriteTransition()
        transition.saved = writes
        transition.removed = removed
        return transition
    }

    @Test("Writes in every state come back as committed from a database opened again on the same file")
    func roundTrip() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cache.sqlite")
        let written = Self.everyState()
        do {
            let database = try CacheDatabase(location: .file(file))
            try await SQLiteWriteStore(database: database, scope: "api").commit(
                Self.saving(written), nextSequence: 5)
            try await database.close()
        }
        let database = try CacheDatabase(location: .file(file))
        let loaded = try await SQLiteWriteStore(database: database, scope: "api").load()
        #expect(loaded.writes == written)
        #expect(loaded.nextSequence == 5)
        let rows = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT entity, state, created_at FROM entity_writes ORDER BY sequence")
        }
        #expect(rows.map { $0[1] as String } == ["pending", "sending", "conflict", "rejected"])
        #expect(rows.map { $0[0] as String } == written.map(\.entity))
        #expect(rows.map { $0[2] as Double } == written.map(\.createdAt.timeIntervalSinceReferenceDate))
    }

    @Test("Removed writes are gone; the next number stays after every write is removed, and is never lowered")
    func removalsKeepTheNextNumber() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cache.sqlite")
        do {
            let database = try CacheDatabase(location: .file(file))
            let store = SQLiteWriteStore(database: database, scope: "api")
            #expect(try await store.load().nextSequence == 1)
            try await store.commit(Self.saving([Self.pending(1), Self.pending(2)]), nextSequence: 3)
            try await store.commit(Self.saving([], removing: [1]), nextSequence: 3)
            #expect(try await store.load().writes.map(\.sequence) == [2])
            try await store.commit(Self.saving([], removing: [2]), nextSequence: 1)
            try await database.close()
        }
        let loaded = try await SQLiteWriteStore(
            database: try CacheDatabase(location: .file(file)), scope: "api"
        ).load()
        #expect(loaded.writes.isEmpty)
        #expect(loaded.nextSequence == 3)
    }

    @Test("Two scopes in one file keep their writes and numbers apart")
    func scopesApart() async throws {
        let database = try CacheDatabase.inMemory()
        let a = SQLiteWriteStore(database: database, scope: "https://a.example/api")
        let b = SQLiteWriteStore(database: database, scope: "https://b.example/api")
        try await a.commit(Self.saving([Self.pending(1, "/api/character/1")]), nextSequence: 2)
        try await b.commit(
            Self.saving([Self.pending(1, "/api/character/9"), Self.pending(2)]), nextSequence: 7)
        try await a.commit(Self.saving([], removing: [1, 2]), nextSequence: 2)
        let (inA, inB) = (try await a.load(), try await b.load())
        #expect(inA.writes.isEmpty && inA.nextSequence == 2)
        #expect(inB.writes.map(\.entity) == ["/api/character/9", "/api/character/1"])
        #expect(inB.nextSequence == 7)
    }

    @Test("A commit saves and removes together; one that fails changes nothing")
    func oneTransaction() async throws {
        let database = try CacheDatabase.inMemory()
        let store = SQLiteWriteStore(database: database, scope: "api")
        try await store.commit(Self.saving([Self.pending(1), Self.pending(2)]), nextSequence: 3)
        var sent = Self.pending(2, name: "Rick Prime")
        sent.state = .sending
        try await store.commit(Self.saving([sent, Self.pending(3)], removing: [1]), nextSequence: 4)
        let kept = try await store.load()
        #expect(kept.writes == [sent, Self.pending(3)])
        #expect(kept.nextSequence == 4)

        // The database refuses write 99 midway: the removal made before it in the same
        // transaction is undone, the next number not raised.
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse_99 BEFORE INSERT ON entity_writes WHEN NEW.sequence = 99
                    BEGIN SELECT RAISE(ABORT, 'refused'); END
                    """)
        }
        let refused = await #expect(throws: RepositoryError.self) {
            try await store.commit(Self.saving([Self.pending(99)], removing: [2, 3]), nextSequence: 100)
        }
        guard case .storageFailure = refused else {
            Issue.record("expected a storage failure, got \(String(describing: refused))")
            return
        }
        #expect(try await store.load() == kept)

        // A record that cannot be encoded (a number JSON cannot hold) fails before anything is written.
        let unencodable = await #expect(throws: RepositoryError.self) {
            try await store.commit(
                Self.saving([Self.pending(4, name: "x").withChanges(["age": .number(.nan)])], removing: [2]),
                nextSequence: 5)
        }
        guard case .serialization = unencodable else {
            Issue.record("expected a serialization error, got \(String(describing: unencodable))")
            return
        }
        #expect(try await store.load() == kept)
    }

    @Test(
        "Adopting the older outbox's writes moves them in one transaction; a number already held adopts nothing"
    )
    func adoptsTheOutbox() async throws {
        let database = try CacheDatabase.inMemory()
        for id in [1, 2, 3] {
            try await database.writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO write_outbox (namespace, key, method, body, idempotency_key, state, created_at, attempts)
                        VALUES ('character', ?, 'PATCH', ?, ?, 'pending', 0, 0)
                        """,
                    arguments: ["id:\(id)", Data("{\"name\":\"Rick \(id)\"}".utf8), "key-\(id)"])
            }
        }
        let old = try LegacyOutbox.rows(in: database)
        let store = SQLiteWriteStore(database: database, scope: "api")
        try await store.commit(Self.saving([Self.pending(1)]), nextSequence: 2)

        // The application converts rows 1 and 2 (it alone reads their bodies).
        let converted = [Self.pending(2, "/api/character/1"), Self.pending(3, "/api/character/2")]
        let clash = [Self.pending(1, "/api/character/1")]
        #expect(throws: RepositoryError.self) {
            try store.adoptNow(clash, removingOutboxRows: [old[0].sequence], nextSequence: 2)
        }
        #expect(try LegacyOutbox.rows(in: database).count == 3)

        try store.adoptNow(
            converted, removingOutboxRows: [old[0].sequence, old[1].sequence], nextSequence: 2)
        #expect(try LegacyOutbox.rows(in: database).map(\.sequence) == [old[2].sequence])
        let loaded = try await store.load()
        #expect(loaded.writes == [Self.pending(1)] + converted)
        #expect(loaded.nextSequence == 4)
    }

    @Test("A record that does not decode is skipped and named, not a crash; its number is not given again")
    func unreadableRecord() async throws {
        let database = try CacheDatabase.inMemory()
        let store = SQLiteWriteStore(database: database, scope: "api")
        try await store.commit(
            Self.saving([Self.pending(1), Self.pending(2), Self.pending(3), Self.pending(4)]), nextSequence: 1
        )
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE entity_writes SET record = X'DEADBEEF' WHERE sequence = 2")
            try db.execute(
                sql: "UPDATE entity_writes SET record = CAST('{\"sequence\":3}' AS BLOB) WHERE sequence = 3")
            // A record that names another number than its row's.
            try db.execute(
                sql:
                    "UPDATE entity_writes SET record = (SELECT record FROM entity_writes WHERE sequence = 1) WHERE sequence = 4"
            )
            try db.execute(sql: "DELETE FROM entity_write_sequences")
        }
        let contents = try await store.contents()
        #expect(contents.writes == [Self.pending(1)])
        #expect(contents.unreadable == [2, 3, 4])
        #expect(contents.nextSequence == 5)
        #expect(try await store.load().writes == [Self.pending(1)])
    }

    @Test("Every scope read from a file only read: scopes in name order, the file unchanged; a missing file is not found")
    func everyScopeReadOnly() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cache.sqlite")
        let database = try CacheDatabase(location: .file(file))
        try await SQLiteWriteStore(database: database, scope: "zeta").commit(
            Self.saving([Self.pending(9)]), nextSequence: 10)
        try await SQLiteWriteStore(database: database, scope: "api").commit(
            Self.saving(Self.everyState()), nextSequence: 5)
        try await database.close()
        let before = try Data(contentsOf: file)

        let scopes = try SQLiteWriteStore.everyScope(file: file)
        #expect(scopes.map(\.scope) == ["api", "zeta"])
        #expect(scopes.first?.writes == Self.everyState() && scopes.last?.writes == [Self.pending(9)])
        #expect(try Data(contentsOf: file) == before)
        let missing = #expect(throws: RepositoryError.self) {
            try SQLiteWriteStore.everyScope(file: folder.file("absent.sqlite"))
        }
        #expect(missing.map { if case .notFound = $0 { true } else { false } } == true)
    }

    @Test("A write book's transitions, committed, make the same book after a restart")
    func writeBookThroughTheStore() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cache.sqlite")
        var book = WriteBook()
        do {
            let database = try CacheDatabase(location: .file(file))
            let store = SQLiteWriteStore(database: database, scope: "api")
            let seen: Fields = ["id": .number(1), "name": .string("Rick"), "status": .string("Alive")]
            let (edited, edit) = book.edit(
                entity: "/api/character/1", saw: seen, tag: "\"v1\"",
                mine: seen.merging(patch: ["name": .string("Rick C-137")]),
                now: Self.at)
            #expect(edited == 1)
            try await store.commit(edit, nextSequence: book.nextSequenceNumber)
            let (_, delete) = book.delete(entity: "/api/character/2", saw: nil, tag: nil, now: Self.at)
            try await store.commit(delete, nextSequence: book.nextSequenceNumber)
            let (step, sending) = book.nextStep(now: Self.at, newKey: { "key-1" })
            #expect(step != nil)
            try await store.commit(sending, nextSequence: book.nextSequenceNumber)
            try await database.close()
        }
        let (writes, next) = try await SQLiteWriteStore(
            database: try CacheDatabase(location: .file(file)), scope: "api"
        )
        .load()
        let restarted = WriteBook(writes: writes, nextSequence: next)
        #expect(restarted.writes == book.writes)
        #expect(restarted.nextSequenceNumber == book.nextSequenceNumber)
        #expect(restarted.writes.map(\.state) == [.sending, .pending])
        #expect(restarted.write(1)?.request?.idempotencyKey == "key-1")
    }
}

extension EntityWrite {
    /// This write with `changes` instead.
    fileprivate func withChanges(_ changes: Fields) -> EntityWrite {
        var write = self
        write.changes = changes
        return write
    }
}
