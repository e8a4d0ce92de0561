import Foundation
import PersistentCache
import RepositoryCore
import Testing

/// `WriteOutbox` and `SQLiteDataSource.put(_:for:queueing:)` as a library user meets them, from
/// their doc comments: writes kept in order across a reopen, the optimistic value and the write in
/// one transaction, folding, and the states a write goes through.
@Suite("The write outbox: durable, in order, one transaction with the optimistic value")
struct WriteOutboxTests {
    /// Two bodies as one: `earlier+later`.
    @Sendable static func joined(_ earlier: Data, _ later: Data) -> Data? {
        Data((String(decoding: earlier, as: UTF8.self) + "+" + String(decoding: later, as: UTF8.self)).utf8)
    }

    static func write(_ id: Int, _ body: String, coalescing: Bool = false) -> NewOutboxWrite {
        NewOutboxWrite(
            entity: CacheEntryKey(kind: "character", query: .id(id)), method: "PATCH", body: Data(body.utf8),
            coalesce: coalescing ? joined : nil)
    }

    @Test("Writes come back in the order written, with their keys, after the file is closed and opened again")
    func durableAndOrdered() async throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cache.sqlite")
        var keys: [String] = []
        do {
            let database = try CacheDatabase(location: .file(file))
            let outbox = WriteOutbox(database: database)
            for (id, body) in [(3, "a"), (1, "b"), (3, "c")] {
                keys.append(try await outbox.enqueue(Self.write(id, body)).idempotencyKey)
            }
            try await database.close()
        }
        let reopened = WriteOutbox(database: try CacheDatabase(location: .file(file)))
        let pending = try reopened.pending()
        #expect(pending.map { String(decoding: $0.body, as: UTF8.self) } == ["a", "b", "c"])
        #expect(pending.map(\.idempotencyKey) == keys)
        #expect(Set(keys).count == 3)
        #expect(pending.map(\.entity.key) == ["id:3", "id:1", "id:3"])
        #expect(pending.allSatisfy { $0.state == .pending && $0.attempts == 0 })
    }

    @Test("A write never sent folds a later one of its entity; once sent, the later one is kept apart")
    func folding() async throws {
        let outbox = WriteOutbox(database: try CacheDatabase.inMemory())
        let first = try await outbox.enqueue(Self.write(7, "x", coalescing: true))
        let folded = try await outbox.enqueue(Self.write(7, "y", coalescing: true))
        #expect(folded.sequence == first.sequence)
        #expect(folded.idempotencyKey == first.idempotencyKey)
        #expect(String(decoding: folded.body, as: UTF8.self) == "x+y")
        try await outbox.recordSending(first.sequence)
        let later = try await outbox.enqueue(Self.write(7, "z", coalescing: true))
        #expect(later.sequence > first.sequence)
        #expect(try outbox.pending().count == 2)
    }

    @Test("The optimistic value and the write are stored together; completing stores the answer and drops the write")
    func oneTransaction() async throws {
        let database = try CacheDatabase.inMemory()
        let source = SQLiteDataSource<String>(database: database, namespace: "character")
        let outbox = WriteOutbox(database: database)
        try await source.put("Rick", for: .id(1))
        let (entry, kept) = try await source.put(
            Entry(value: "Rick (edited)", metadata: EntryMetadata(storedAt: Date()), origin: .network), for: .id(1),
            queueing: Self.write(1, "name=Rick (edited)"))
        #expect(entry.origin == .disk)
        #expect(try await source.get(.id(1), cached: nil).value == "Rick (edited)")
        #expect(try outbox.pending().map(\.sequence) == [kept.sequence])

        // A payload over the file's limit stores neither.
        let tiny = try CacheDatabase.inMemory(options: CacheDatabase.Options(maximumPayloadSize: SizeLimit(bytes: 4)))
        let refused = SQLiteDataSource<String>(database: tiny, namespace: "character")
        await #expect(throws: RepositoryError.self) {
            try await refused.put(
                Entry(value: "far too long", metadata: EntryMetadata(storedAt: Date()), origin: .network), for: .id(1),
                queueing: Self.write(1, "b"))
        }
        #expect(try WriteOutbox(database: tiny).all().isEmpty)

        try await source.complete(
            kept.sequence, storing: Entry(value: "Rick (server)", metadata: EntryMetadata(storedAt: Date()), origin: .network),
            for: .id(1))
        #expect(try await source.get(.id(1), cached: nil).value == "Rick (server)")
        #expect(try outbox.all().isEmpty)

        let deletion = try await outbox.enqueue(Self.write(1, "delete"))
        try await source.complete(deletion.sequence, storing: nil, for: .id(1))
        await #expect(throws: RepositoryError.self) { try await source.get(.id(1), cached: nil) }

        // Completing one write can count the send of the next pending one of a kind, in the same
        // transaction: the one a drain sends next.
        let first = try await outbox.enqueue(Self.write(1, "first"))
        let second = try await outbox.enqueue(Self.write(2, "second"))
        let next = try await source.complete(first.sequence, storing: nil, for: .id(1), sendingNextOf: "character")
        #expect(next?.sequence == second.sequence && next?.attempts == 1 && next?.lastAttemptAt != nil)
        #expect(try await source.complete(second.sequence, storing: nil, for: .id(2), sendingNextOf: "character") == nil)
        #expect(try outbox.all().isEmpty)
    }

    @Test("Attempts, failures, conflicts and rejections are kept; retry and remove say whether the write was there")
    func states() async throws {
        let outbox = WriteOutbox(database: try CacheDatabase.inMemory())
        let a = try await outbox.enqueue(Self.write(1, "a"))
        let b = try await outbox.enqueue(Self.write(2, "b"))
        try await outbox.recordSending(a.sequence)
        try await outbox.recordFailure(a.sequence, error: "the server is unavailable")
        let failed = try #require(try outbox.write(a.sequence))
        #expect(failed.attempts == 1 && failed.lastAttemptAt != nil && failed.state == .pending)
        #expect(failed.lastError == "the server is unavailable")

        try await outbox.markConflict(a.sequence, reason: "name changed on both sides", detail: Data("theirs".utf8))
        try await outbox.markRejected(b.sequence, reason: "422 status: not one of Alive, Dead, unknown", detail: nil)
        #expect(try outbox.pending().isEmpty)
        #expect(try outbox.all().map(\.state) == [.conflict, .rejected])
        #expect(try outbox.write(a.sequence)?.detail == Data("theirs".utf8))

        #expect(try await outbox.retry(a.sequence, body: Data("mine over theirs".utf8)))
        #expect(try outbox.pending().map { String(decoding: $0.body, as: UTF8.self) } == ["mine over theirs"])
        #expect(try await outbox.remove(b.sequence))
        #expect(try await outbox.remove(b.sequence) == false)
        #expect(try await outbox.retry(b.sequence) == false)
    }

    @Test("The first pending write of a kind is the oldest pending one of it; none of another kind or state")
    func firstPending() async throws {
        let outbox = WriteOutbox(database: try CacheDatabase.inMemory())
        #expect(try outbox.firstPending(kind: "character") == nil)
        let other = try await outbox.enqueue(
            NewOutboxWrite(entity: CacheEntryKey(kind: "other|character", query: .id(1)), method: "PATCH", body: Data()))
        let a = try await outbox.enqueue(Self.write(1, "a"))
        let b = try await outbox.enqueue(Self.write(2, "b"))
        #expect(try outbox.firstPending(kind: "character")?.sequence == a.sequence)
        #expect(try outbox.firstPending(kind: "other|character")?.sequence == other.sequence)
        try await outbox.markConflict(a.sequence, reason: "both sides", detail: nil)
        #expect(try outbox.firstPending(kind: "character") == b)
        #expect(try outbox.pending().map(\.sequence) == [other.sequence, b.sequence])
        try await outbox.remove(b.sequence)
        #expect(try outbox.firstPending(kind: "character") == nil)
    }

    @Test("A drain counts the send of the write after the one in flight, and takes the count back when it stops")
    func countingAhead() async throws {
        let database = try CacheDatabase.inMemory()
        let source = SQLiteDataSource<String>(database: database, namespace: "character")
        let outbox = WriteOutbox(database: database)
        let a = try await outbox.enqueue(Self.write(1, "a"))
        let b = try await outbox.enqueue(Self.write(2, "b"))
        let c = try await outbox.enqueue(Self.write(3, "c"))

        let first = try await outbox.recordSending(nextOf: "character", after: nil)
        let second = try await outbox.recordSending(nextOf: "character", after: first?.sequence)
        #expect(first?.sequence == a.sequence && first?.attempts == 1)
        #expect(second?.sequence == b.sequence && second?.attempts == 1 && second?.lastAttemptAt != nil)
        // Counted, the write in flight folds nothing more into it.
        let apart = try await outbox.enqueue(Self.write(2, "b2", coalescing: true))
        #expect(apart.sequence > c.sequence)

        // Completing the first while the second is in flight counts the third, not the second again.
        let third = try await source.complete(a.sequence, storing: nil, for: .id(1), sendingNextOf: "character", after: b.sequence)
        #expect(third?.sequence == c.sequence && third?.attempts == 1)
        #expect(try outbox.write(b.sequence)?.attempts == 1)

        // The drain stops at the second (main out of reach): the third never left.
        try await outbox.recordFailure(b.sequence, error: "offline")
        try await outbox.uncountSending(c.sequence)
        let left = try outbox.pending()
        #expect(left.map(\.sequence) == [b.sequence, c.sequence, apart.sequence])
        #expect(left.map(\.attempts) == [1, 0, 0])
        #expect(left[1].lastAttemptAt == nil)
        #expect(try await outbox.recordSending(nextOf: "character", after: apart.sequence) == nil)
    }
}
