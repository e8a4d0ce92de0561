import RepositoryCore

/// The shared tier as the tiered cache sees it: the PostgreSQL source made fail-soft, with counters.
///
/// A read that fails for any reason is a miss (`.notFound`, or `.serialization` for a corrupt row),
/// so the repository goes on to the network; a write or delete that fails is dropped, so the local
/// tiers keep the value. The failure itself is in the store's `health` (status pane, log). A value
/// that came from this tier is not written back. Counts hits and misses under origin
/// `.sharedCache`. Thread-safe: the source and the metrics are.
public struct SharedCacheTier<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// The PostgreSQL source.
    public let source: PostgresDataSource<Value>
    let metrics: RepositoryMetrics?

    /// Wraps `source`, counting in `metrics` when given.
    public init(source: PostgresDataSource<Value>, metrics: RepositoryMetrics? = nil) {
        self.source = source
        self.metrics = metrics
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        do {
            let entry = try await source.get(query, cached: cached)
            metrics?.record(.hit, tier: .sharedCache)
            return entry
        } catch {
            switch error {
            case .cancelled: throw error
            case .notFound, .serialization:
                metrics?.record(.miss, tier: .sharedCache)
                throw error
            default:
                metrics?.record(.failure, tier: .sharedCache)
                throw .notFound(query: query.cacheKey)
            }
        }
    }

    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        guard entry.origin != .sharedCache else { return entry }
        do {
            return try await source.put(entry, for: query)
        } catch {
            if error == .cancelled { throw error }
            return entry
        }
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        do {
            try await source.delete(query)
        } catch {
            if error == .cancelled { throw error }
        }
    }
}
