import PostgresCache
import RepositoryCore

/// Local copies dropped because another process wrote the shared tier. A value; `Sendable`.
public struct SharedEviction: Sendable, Hashable {
    /// The namespace (`character`, `character-page`, `episode-list`); empty when every namespace was dropped.
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
    /// The shared tier's state in words for the status pane (`up`, `connecting`, `down: why`),
    /// or nil when the shared cache is off.
    public var sharedCacheStatus: String? { sharedStore.map { $0.health.description } }

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
        let query = change.everything ? nil : Query(parsingCacheKey: change.key)
        switch change.namespace {
        case Namespace.page: await drop(query, storedAt: change.storedAt, from: pages)
        case Namespace.character: await drop(query, storedAt: change.storedAt, from: characters)
        case Namespace.episodes: await drop(query, storedAt: change.storedAt, from: episodeLists)
        default: return
        }
        evictions.publish(SharedEviction(namespace: change.namespace, query: query))
    }

    private func drop<Main: GetDataSource>(_ query: Query?, storedAt: Double?, from store: Store<Main>) async
    {
        guard let query else {
            try? await store.cache.upper.delete(.all)
            try? await store.cache.lower.upper.delete(.all)
            return
        }
        if let storedAt, case .entry(let local) = store.cache.upper.immediateGet(query),
            local.metadata.storedAt.timeIntervalSinceReferenceDate >= storedAt
        {
            return
        }
        try? await store.cache.upper.delete(query)
        try? await store.cache.lower.upper.delete(query)
    }
}

extension Query {
    /// The query whose `cacheKey` is `key`, or nil when `key` does not read back exactly.
    init?(parsingCacheKey key: String) {
        let parsed: Query?
        if key == "all" {
            parsed = .all
        } else if key.hasPrefix("id:") {
            parsed = .id(String(key.dropFirst(3)))
        } else if key.hasPrefix("ids:") {
            parsed = .ids(
                key.dropFirst(4).split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        } else if key.hasPrefix("key:") {
            parsed = .key(String(key.dropFirst(4)))
        } else if key.hasPrefix("page:") {
            let rest = key.dropFirst(5)
            let parts = rest.split(separator: "?", maxSplits: 1)
            var filters: [String: String] = [:]
            if parts.count == 2 {
                for pair in parts[1].split(separator: "&") {
                    let nameValue = pair.split(separator: "=", maxSplits: 1)
                    guard nameValue.count == 2 else { return nil }
                    filters[String(nameValue[0])] = String(nameValue[1])
                }
            }
            parsed = parts.first.flatMap { Int($0) }.map { .page(PageQuery(number: $0, filters: filters)) }
        } else {
            parsed = nil
        }
        guard let parsed, parsed.cacheKey == key else { return nil }
        self = parsed
    }
}
