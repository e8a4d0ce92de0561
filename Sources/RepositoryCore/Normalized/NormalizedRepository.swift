import Foundation

/// Cache policies over the normalized layer: multi-id reads that ask the main source only for
/// what the cache lacks, and list reads (pages) composed from the entities the cache holds.
/// Thread-safe when its stores and main sources are.
///
/// Multi-id reads (`entities(ids:policy:main:)`), ids deduplicated in order:
/// - `localFirst`: every id the cache holds fresh is answered from there; the others are asked
///   of `main` in as few requests as `maximumIDsPerRequest` allows (one for up to 100 ids).
///   An id `main` leaves out is reported in the answer's `provenance.missingIDs` and a
///   diagnostic — never asked again within the call. An entity `main` returns that was not
///   asked for is neither stored nor answered (a diagnostic says so).
/// - `remoteFirst`: every id is asked of `main`; on failure the cache's copies are served
///   stale with main's error attached (the ids it lacks are missing); nothing held: main's error.
/// - `noCache`: `main` only, nothing stored. `cacheOnly`: the cache only, fresh or not.
///
/// List reads (`list(_:policy:main:)`): `localFirst` composes the list from the cache when the
/// list and all its entities are held and fresh; when some entities were evicted, the list
/// itself is read again from `main` (one request, like the multi-id request for the missing
/// ones would be, and it also brings the list's current membership, count and links).
/// `remoteFirst` reads `main` and falls back to the composition, stale, when main fails.
///
/// Concurrent reads that reach `main` with the same query (a page, one request of ids) share one
/// main call and one cache write (single flight): the callers that join get the same entities.
/// Callers pass the same main source for a query (as a repository over one server does).
///
/// Every answer carries a `Provenance` (counts per source, the oldest part, missing ids); its
/// `age` is the oldest part's, and it is stale when any part served was not fresh.
///
/// A reference type with immutable properties: a read passes the repository by reference and
/// never copies its stores.
public final class NormalizedRepository<
    Entity: NormalizedEntity,
    Info: Sendable & Hashable,
    Entities: GetDataSource & PutDataSource & DeleteDataSource,
    Lists: GetDataSource & PutDataSource & DeleteDataSource
>: Sendable where Entities.Value == Entity, Lists.Value == StoredList<Info> {
    /// The stores and their observers.
    public let cache: NormalizedCache<Entity, Info, Entities, Lists>
    /// Clocks, freshness and the request size.
    public let configuration: NormalizedRepositoryConfiguration
    @usableFromInline let stopwatch: Stopwatch
    @usableFromInline let flights: SingleFlight<NormalizedFlightKey, any Sendable>
    /// The background revalidations of `listRevalidating` running now, one per query.
    @usableFromInline let revalidations = BackgroundRevalidations<NormalizedFlightKey>()

    /// Creates a repository over `cache`.
    public init(
        cache: NormalizedCache<Entity, Info, Entities, Lists>,
        configuration: NormalizedRepositoryConfiguration = NormalizedRepositoryConfiguration()
    ) {
        self.cache = cache
        self.configuration = configuration
        stopwatch = Stopwatch(clock: configuration.clock, timeSource: configuration.timeSource)
        let metrics = configuration.metrics
        let observer = configuration.flightObserver
        flights = SingleFlight { key, waiters in
            if waiters > 1 { metrics?.record(.coalesced, tier: .coalesced) }
            observer?(key.query, waiters)
        }
    }

    /// The queries whose lists are being revalidated in the background now (`listRevalidating`).
    public var revalidatingQueries: Set<Query> { Set(revalidations.keys.map(\.query)) }

    /// Every entity change from now on (see `NormalizedCache.changes()`).
    public func changes() -> AsyncStream<EntityChange<Entity>> { cache.changes() }

    /// `ids` without repeats, in order, cut into lists of at most `maximumIDsPerRequest`.
    public func batches(of ids: [String]) -> [[String]] {
        var seen = Set<String>()
        let unique = ids.filter { seen.insert($0).inserted }
        let size = configuration.maximumIDsPerRequest
        return stride(from: 0, to: unique.count, by: size).map {
            Array(unique[$0..<min(unique.count, $0 + size)])
        }
    }

    /// The entities with `ids`, in the order asked (see the type's documentation for each policy).
    public func entities<Main: GetDataSource>(
        ids: [String], policy: CachePolicy, whenMainFails rule: FallbackRule = .fail, main: Main
    ) async throws(RepositoryError) -> Answer<[Entity]> where Main.Value == [Entity] {
        let start = stopwatch.start()
        let operation = policy.operation(whenMainFails: rule)
        let order = batches(of: ids).flatMap { $0 }
        var parts = PartsAssembly<Entity>(order: order)
        switch policy {
        case .cacheOnly:
            let (found, _) = await cache.entities(ids: order)
            for (id, entry) in found {
                parts.add(entry, for: id, stale: !configuration.isFresh(entry.metadata))
            }
        case .noCache:
            try await fetch(order, from: main, into: &parts, storing: false)
        case .localFirst:
            let (found, missing) = await cache.entities(ids: order)
            var toFetch = missing
            var staleCopies: [String: Entry<Entity>] = [:]
            for id in order {
                guard let entry = found[id] else { continue }
                if configuration.isFresh(entry.metadata) {
                    parts.add(entry, for: id, stale: false)
                } else {
                    staleCopies[id] = entry
                    toFetch.append(id)
                }
            }
            toFetch = order.filter(Set(toFetch).contains)
            do {
                try await fetch(toFetch, from: main, into: &parts, storing: true)
            } catch {
                guard error != .cancelled else { throw error }
                let now = configuration.timeSource.now()
                let allowed = staleCopies.filter {
                    configuration.mayAnswer($0.value.metadata, afterFailureAt: now, rule: rule)
                }
                guard !allowed.isEmpty else { throw error }
                for (id, entry) in allowed { parts.add(entry, for: id, stale: true) }
                parts.fallbackError = error
            }
        case .remoteFirst:
            do {
                try await fetch(order, from: main, into: &parts, storing: true)
            } catch {
                guard error != .cancelled else { throw error }
                let now = configuration.timeSource.now()
                let (found, _) = await cache.entities(ids: order)
                let allowed = found.filter { configuration.mayAnswer($0.value.metadata, afterFailureAt: now, rule: rule) }
                guard !allowed.isEmpty else { throw error }
                for (id, entry) in allowed {
                    parts.add(entry, for: id, stale: !configuration.isFresh(entry.metadata))
                }
                parts.fallbackError = error
            }
        }
        return parts.answer(
            operation: operation, stopwatch: stopwatch, start: start, metrics: configuration.metrics
        ) { $0 }
    }

    /// Asks `main` for `ids` in batches, adding what it returns to `parts`; the ids it leaves out
    /// are missing, the ones it adds are dropped. Stores each entity when `storing`. Concurrent
    /// callers asking for the same batch share its main call and its write.
    func fetch<Main: GetDataSource>(
        _ ids: [String], from main: Main, into parts: inout PartsAssembly<Entity>, storing: Bool
    ) async throws(RepositoryError) where Main.Value == [Entity] {
        for batch in batches(of: ids) {
            let asked = Set(batch)
            let entry = try await shared(.ids(batch), storing: storing) {
                [self] () async throws(RepositoryError) -> Entry<[Entity]> in
                let entry = try await callMain(main, .ids(batch), cached: nil)
                if storing, !entry.metadata.noStore {
                    var seen = Set<String>()
                    let kept = entry.value.filter {
                        asked.contains($0.entityID) && seen.insert($0.entityID).inserted
                    }
                    await cache.store(kept, metadata: entry.metadata.withoutValidators)
                }
                return entry
            }
            var answered = Set<String>()
            for value in entry.value {
                let id = value.entityID
                guard asked.contains(id) else {
                    parts.diagnostics.append(
                        "The server answered \(Entity.entityKind) \(id), which was not asked for; it was ignored."
                    )
                    continue
                }
                guard answered.insert(id).inserted else { continue }
                parts.add(
                    Entry(value: value, metadata: entry.metadata, origin: entry.origin), for: id, stale: false
                )
            }
            let left = batch.filter { !answered.contains($0) }
            if !left.isEmpty {
                parts.diagnostics.append(
                    "The server did not return \(Entity.entityKind) \(left.joined(separator: ", ")).")
            }
        }
    }

    /// One call to `main`, counted in the metrics; what it answers is stamped stored-at now, its
    /// explicit expiry moved with the stamp (a value another process fetched, origin
    /// `.sharedCache`, keeps the stamp of that fetch).
    @usableFromInline
    func callMain<Main: GetDataSource>(_ main: Main, _ query: Query, cached: Entry<Main.Value>?)
        async throws(RepositoryError) -> Entry<Main.Value>
    {
        let metrics = configuration.metrics
        var entry: Entry<Main.Value>
        do {
            entry = try await main.get(query, cached: cached)
        } catch {
            switch error {
            case .notFound: metrics?.record(.miss, tier: .network)
            case .cancelled: break
            default: metrics?.record(.failure, tier: .network)
            }
            throw error
        }
        switch entry.origin {
        case .sharedCache: metrics?.record(.hit, tier: .sharedCache)
        case .revalidated:
            entry.metadata = entry.metadata.restamped(at: configuration.timeSource.now())
            metrics?.record(.revalidation, tier: .revalidated)
        default:
            entry.metadata = entry.metadata.restamped(at: configuration.timeSource.now())
            metrics?.record(.hit, tier: .network)
        }
        return entry
    }
}
