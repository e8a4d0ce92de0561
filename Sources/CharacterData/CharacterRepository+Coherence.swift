import PostgresCache
import RepositoryCore

/// Local copies dropped because another process wrote the shared tier. A value; `Sendable`.
public struct SharedEviction: Sendable, Hashable {
    /// The namespace (`character`, `character-page-ids`, `episode`, `location`, …); empty when every
    /// namespace was dropped.
    public var namespace: String
    /// The query dropped, or nil when the whole namespace (or everything) was.
    public var query: Query?

    /// Creates an eviction report.
    public init(namespace: String, query: Query?) {
        self.namespace = namespace
        self.query = query
    }
}

extension CharacterRepository {
    /// The shared tier's state as a value (starting, up, down with why), or nil when the shared
    /// cache is off.
    public var sharedCacheHealth: SharedCacheHealth? { sharedStore.map { $0.health } }

    /// Every eviction of local copies caused by another process's write, from now on.
    public func sharedEvictions() -> AsyncStream<SharedEviction> { evictions.stream() }

    /// Drops the local copies (memory and disk) another process's write made old. A local copy
    /// at least as new as the written one is kept. A key this version cannot read back into a
    /// query drops its whole namespace; a reconnected listener (notifications possibly missed)
    /// drops every memory copy.
    func apply(_ change: SharedCacheChange) async {
        if change.namespace.isEmpty {
            await clearMemory()
            evictions.publish(SharedEviction(namespace: "", query: nil))
            return
        }
        // Another API's entry: none of this process's copies is of it.
        guard let namespace = configuration.kind(ofStored: change.namespace) else { return }
        let query = change.everything ? nil : Query(cacheKey: change.key)
        switch namespace {
        case Namespace.page: await drop(query, storedAt: change.storedAt, from: characterGraph.cache.lists)
        case Namespace.episodePage:
            await drop(query, storedAt: change.storedAt, from: episodeGraph.cache.lists)
        case Namespace.character: await drop(query, storedAt: change.storedAt, from: characters.cache)
        case Namespace.episode: await drop(query, storedAt: change.storedAt, from: episodes.cache)
        default: return
        }
        evictions.publish(SharedEviction(namespace: namespace, query: query))
        switch namespace {
        case Namespace.character: announceRemote(query, in: characterGraph)
        case Namespace.episode: announceRemote(query, in: episodeGraph)
        default: break
        }
    }

    /// Tells `graph`'s observers, if it has any, that another process wrote the entity `query`
    /// names, with the shared tier's copy (read apart from the counters and from this loop, so
    /// the next notification is not kept waiting), or nil when it cannot be read.
    func announceRemote<Entity: NormalizedEntity, Info>(_ query: Query?, in graph: Graph<Entity, Info>) {
        guard let query, let id = query.key, graph.cache.broadcaster.observerCount > 0 else { return }
        let shared = graph.cache.entities.lower.lower.tier?.source
        let broadcaster = graph.cache.broadcaster
        Task {
            let entry = try? await shared?.get(query, cached: nil)
            broadcaster.publish(EntityChange(id: id, entry: entry, cause: .otherProcess))
        }
    }

    /// Drops `query` (every entry when nil) from the memory and disk tiers of `tiers`, unless the
    /// memory copy is at least as new as `storedAt` (seconds since the reference date).
    func drop<Value: Sendable>(_ query: Query?, storedAt: Double?, from tiers: Tiers<Value>) async {
        guard let query else {
            try? await tiers.upper.delete(.all)
            try? await tiers.lower.upper.delete(.all)
            return
        }
        if let storedAt, case .entry(let local) = tiers.upper.immediateGet(query),
            local.metadata.storedAt.timeIntervalSinceReferenceDate >= storedAt
        {
            return
        }
        try? await tiers.upper.delete(query)
        try? await tiers.lower.upper.delete(query)
    }
}
