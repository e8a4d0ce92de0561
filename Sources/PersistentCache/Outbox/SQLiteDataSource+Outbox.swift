import Foundation
import GRDB
import RepositoryCore

extension SQLiteDataSource {
    /// Stores `entry` for `query` (the optimistic value: what readers see until the server
    /// answers) and keeps `write` in the database's outbox, in one transaction: both or neither.
    /// Returns the entry (origin `.disk`) and the write as kept.
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query, queueing write: NewOutboxWrite)
        async throws(RepositoryError) -> (entry: Entry<Value>, write: OutboxWrite)
    {
        let payload = try encodedPayload(entry.value, for: query)
        let (namespace, key, metadata, now) = (namespace, query.cacheKey, entry.metadata, database.now)
        let kept = try await database.write { db in
            try CacheEntryStore.upsert(
                namespace: namespace, key: key, payload: payload, metadata: metadata, now: now, in: db)
            return try OutboxStore.enqueue(write, now: now, in: db)
        }
        return (entry.with(origin: .disk), kept)
    }

    /// Stores the server's answer to write `sequence` as the value of `query` (nil: the entity is
    /// gone, its entry removed) and removes the write from the outbox, in one transaction. With
    /// `sendingNextOf`, the same transaction also takes the oldest pending write of that kind (after
    /// write `after`, when given: the one a drain is sending meanwhile) and counts its send as about
    /// to leave (`WriteOutbox.recordSending`), and returns it: a drain sending in order then writes
    /// once per write sent.
    @discardableResult
    public func complete(
        _ sequence: Int64, storing entry: Entry<Value>?, for query: Query, sendingNextOf kind: String? = nil,
        after: Int64? = nil
    )
        async throws(RepositoryError) -> OutboxWrite?
    {
        let payload = try entry.map { value throws(RepositoryError) in try encodedPayload(value.value, for: query) }
        let (namespace, key, metadata, now) = (namespace, query.cacheKey, entry?.metadata, database.now)
        return try await database.write { db -> OutboxWrite? in
            if let payload, let metadata {
                try CacheEntryStore.upsert(
                    namespace: namespace, key: key, payload: payload, metadata: metadata, now: now, in: db)
            } else {
                try CacheEntryStore.delete(namespace: namespace, key: key, in: db)
            }
            try db.execute(sql: "DELETE FROM write_outbox WHERE sequence = ?", arguments: [sequence])
            guard let kind else { return nil }
            return try OutboxStore.recordSending(nextOf: kind, after: after, now: now, in: db)
        }
    }
}

extension SQLiteDataSource {
    /// Removes the entry for `query` (a delete made before its server took it) and keeps `write`
    /// in the database's outbox, in one transaction. Returns the write as kept.
    @discardableResult
    public func delete(_ query: Query, queueing write: NewOutboxWrite) async throws(RepositoryError) -> OutboxWrite {
        let (namespace, key, now) = (namespace, query.cacheKey, database.now)
        return try await database.write { db in
            try CacheEntryStore.delete(namespace: namespace, key: key, in: db)
            return try OutboxStore.enqueue(write, now: now, in: db)
        }
    }
}
