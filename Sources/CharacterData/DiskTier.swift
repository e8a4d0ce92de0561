import PersistentCache
import RepositoryCore

/// The disk tier of one kind of value: an SQLite namespace, or nothing when the disk cache is off.
///
/// Counts disk hits and misses in `metrics` (the SQLite source itself keeps no counters). With no
/// database every read is a miss and writes are accepted and dropped. Thread-safe: the SQLite
/// source and the metrics are.
public struct DiskTier<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// The SQLite source, or nil when the disk cache is disabled.
    public let source: SQLiteDataSource<Value>?
    let metrics: RepositoryMetrics

    /// A tier over `namespace` of `database` storing values with `codec`, or a disabled tier when
    /// `database` is nil.
    public init(
        database: CacheDatabase?, namespace: String, codec: some PayloadCodec<Value>,
        metrics: RepositoryMetrics
    ) {
        source = database.map { SQLiteDataSource(database: $0, namespace: namespace, codec: codec) }
        self.metrics = metrics
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        guard let source else {
            throw .notFound(query: query.cacheKey)
        }
        do {
            let entry = try await source.get(query, cached: cached)
            metrics.record(.hit, tier: .disk)
            return entry
        } catch {
            if error.isCacheMiss { metrics.record(.miss, tier: .disk) }
            throw error
        }
    }

    /// Stores `entry` unless the row held is newer (a later stored-at wins, whichever write comes
    /// last; the newer entry kept is returned, so the tiers above store it too). An entry the
    /// network revalidated (HTTP 304) only refreshes the stored row's stored-at time and
    /// validators — the payload on disk is already that value and is not rewritten — unless the
    /// row is gone, when it is written whole.
    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        guard let source else { return entry }
        if entry.origin == .revalidated {
            let metadata = entry.metadata
            do {
                try await source.refresh(
                    query, storedAt: metadata.storedAt, etag: metadata.etag,
                    lastModified: metadata.lastModified,
                    expiresAt: metadata.expiresAt, staleUse: metadata.staleUse)
                return entry
            } catch {
                guard error.isCacheMiss else { throw error }
            }
        }
        return try await source.putKeepingNewer(entry, for: query)
    }

    /// Writes many entries in one transaction.
    public func put(contentsOf entries: [(query: Query, entry: Entry<Value>)]) async throws(RepositoryError) {
        try await source?.put(contentsOf: entries)
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        try await source?.delete(query)
    }
}

extension DiskTier: BatchGetDataSource {
    /// The entries of `queries` in one statement (see `SQLiteDataSource.entries(for:)`), each
    /// found one counted as a disk hit and each missing one as a miss.
    public func entries(for queries: [Query]) async throws(RepositoryError) -> [Query: Entry<Value>] {
        guard let source else { return [:] }
        let found = try await source.entries(for: queries)
        metrics.record(.hit, tier: .disk, count: found.count)
        metrics.record(.miss, tier: .disk, count: queries.count - found.count)
        return found
    }
}

extension DiskTier: CacheFastPaths {
    /// The SQLite source's joined reader (see `SQLiteDataSource.joinedReader()`), each entry it
    /// found counted as a disk hit and each one it did not as a miss.
    @usableFromInline
    package func joinedReader() -> JoinedReader<Value>? {
        guard let reader = source?.joinedReader() else { return nil }
        let metrics = metrics
        return JoinedReader(storage: reader.storage, read: reader.read) { queries, found in
            await reader.settle(queries, found)
            let hits = found.heldCount
            metrics.record(.hit, tier: .disk, count: hits)
            metrics.record(.miss, tier: .disk, count: queries.count - hits)
        }
    }

    /// The SQLite source's joined read (see `SQLiteDataSource.entryJoined(_:on:inside:)`), its
    /// lead entry counted as a disk hit; nil (nothing counted: the caller's own read counts) otherwise.
    @usableFromInline
    package func entryJoined(
        _ query: Query, on storage: ObjectIdentifier, inside: (Entry<Value>, AnyObject) -> Void
    ) async -> Entry<Value>? {
        guard let lead = await source?.entryJoined(query, on: storage, inside: inside) else { return nil }
        metrics.record(.hit, tier: .disk)
        return lead
    }
}
