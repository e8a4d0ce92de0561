import Foundation
import PersistentCache
import RepositoryCore

/// A cache many processes share, below the explorer's disk tier (a browser gives one over its
/// PostgreSQL table): per namespace, a tier and a flight that makes one network read per key
/// across the processes, and the changes other processes make (whose local copies then go). The
/// seam lets `ExplorerData` use it without knowing its store. Implementations must be thread-safe.
public protocol ExplorerSharedCache: Sendable {
    /// The shared tier of `namespace` (`<identity>|explorer-entity`, …), storing values with
    /// `codec`, counting its hits and misses in `metrics`.
    func tier<Value: Sendable>(namespace: String, codec: some PayloadCodec<Value>, metrics: RepositoryMetrics)
        -> ExplorerSharedTier<Value>

    /// The writes and deletes other processes make to the shared tier, from now on (the default:
    /// none are told).
    func changes() -> AsyncStream<ExplorerSharedChange>
}

extension ExplorerSharedCache {
    /// None: a shared cache that tells no changes.
    public func changes() -> AsyncStream<ExplorerSharedChange> { AsyncStream { $0.finish() } }
}

/// A write or delete another process made to the shared tier: the namespace and key whose local
/// copies are now old. A value; thread-safe.
public struct ExplorerSharedChange: Sendable, Hashable {
    /// The namespace (`<identity>|explorer-entity`, …); empty when every local copy is suspect
    /// (notifications may have been missed).
    public var namespace: String
    /// The entry's `Query.cacheKey`; nil when the whole namespace changed.
    public var cacheKey: String?
    /// When the new value was stored; nil for a delete.
    public var storedAt: Date?

    /// A change of `cacheKey` (nil: all) in `namespace` (empty: everything), stored at `storedAt`.
    public init(namespace: String, cacheKey: String?, storedAt: Date?) {
        self.namespace = namespace
        self.cacheKey = cacheKey
        self.storedAt = storedAt
    }
}

/// One namespace of a shared cache, whatever its store: reads, writes and deletes of the tier,
/// and the flight that coalesces a main source's reads across processes. `off` is no tier: every
/// read a miss, writes accepted and dropped, main called directly. Thread-safe when its parts are.
public struct ExplorerSharedTier<Value: Sendable>: GetDataSource, PutDataSource, DeleteDataSource {
    /// Wraps a main source so that processes sharing the tier make one call per key at a time.
    public typealias Flight = @Sendable (ExplorerMainSource<Value>) -> any GetDataSource<Value>

    let tier: (any GetDataSource<Value> & PutDataSource<Value> & DeleteDataSource)?
    let flight: Flight?

    /// A tier over `tier`, coalescing main reads with `flight`.
    public init(
        _ tier: some GetDataSource<Value> & PutDataSource<Value> & DeleteDataSource, flight: @escaping Flight
    ) {
        self.tier = tier
        self.flight = flight
    }

    private init() {
        tier = nil
        flight = nil
    }

    /// No shared tier.
    public static var off: ExplorerSharedTier { ExplorerSharedTier() }

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

    /// `main` coalesced across processes through this tier (itself when the tier is off).
    func coalescing<Main: GetDataSource>(_ main: Main) -> SharedFlight<Main> where Main.Value == Value {
        SharedFlight(main: main, flight: flight?(ExplorerMainSource(main)))
    }
}

/// An explorer main source (the network reads of entities, pages, the root) as one type, for a
/// shared cache's flight to wrap. Thread-safe: the source is.
public struct ExplorerMainSource<Value: Sendable>: GetDataSource {
    let source: any GetDataSource<Value>

    init(_ source: some GetDataSource<Value>) { self.source = source }

    public func get(_ query: Query, cached: Entry<Value>?) async throws(RepositoryError) -> Entry<Value> {
        try await source.get(query, cached: cached)
    }
}

/// A main source read through a shared cache's flight when there is one, else directly.
/// Thread-safe: its parts are.
struct SharedFlight<Main: GetDataSource>: GetDataSource {
    let main: Main
    let flight: (any GetDataSource<Main.Value>)?

    func get(_ query: Query, cached: Entry<Main.Value>?) async throws(RepositoryError) -> Entry<Main.Value> {
        guard let flight else { return try await main.get(query, cached: cached) }
        return try await flight.get(query, cached: cached)
    }
}
