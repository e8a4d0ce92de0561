import PersistentCache
import PostgresCache
import RepositoryCore

/// The shared tier of one kind of value: a namespace of the PostgreSQL table, or nothing when the
/// shared cache is off (every read a miss, writes accepted and dropped). Fail-soft: see
/// `SharedCacheTier`. Thread-safe: the tier is.
public struct SharedTier<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// The shared tier, or nil when the shared cache is off.
    public let tier: SharedCacheTier<Value>?

    /// A tier over `namespace` of `store`'s table storing values with `codec`, or a disabled tier
    /// when `store` is nil.
    public init(
        store: PostgresCacheStore?, namespace: String, codec: some PayloadCodec<Value>,
        metrics: RepositoryMetrics
    ) {
        tier = store.map {
            SharedCacheTier(
                source: PostgresDataSource(store: $0, namespace: namespace, codec: codec), metrics: metrics)
        }
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        guard let tier else { throw .notFound(query: query.cacheKey) }
        return try await tier.get(query, cached: cached)
    }

    @discardableResult
    public func put(_ entry: Entry<Value>, for query: Query) async throws(RepositoryError) -> Entry<Value> {
        guard let tier else { return entry }
        return try await tier.put(entry, for: query)
    }

    public func delete(_ query: Query) async throws(RepositoryError) {
        try await tier?.delete(query)
    }
}

/// The main source (the network), coalesced across processes through the shared tier when it is
/// on (`SharedFlightSource`), called directly when it is off. Thread-safe value type.
public struct CoalescedMain<Main: GetDataSource>: GetDataSource {
    /// The type of value served.
    public typealias Value = Main.Value

    /// The source of truth.
    public let main: Main
    /// The cross-process flight, or nil when the shared cache is off.
    public let flight: SharedFlightSource<Main>?

    /// Wraps `main`; with `shared`, network calls for one key are made once across processes.
    public init(main: Main, shared: SharedTier<Main.Value>) {
        self.main = main
        flight = shared.tier.map { SharedFlightSource(main: main, shared: $0.source) }
    }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        guard let flight else { return try await main.get(query, cached: cached) }
        return try await flight.get(query, cached: cached)
    }
}
