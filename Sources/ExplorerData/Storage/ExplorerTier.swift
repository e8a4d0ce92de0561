import PersistentCache
import RepositoryCore

/// One kind of value's cache: an exact LRU in memory over its namespace of the SQLite file, over
/// the shared tier when one is given (`ExplorerSharedTier`).
typealias ExplorerTier<Value: Sendable> = TieredCacheDataSource<
    InMemoryDataSource<Value>, TieredCacheDataSource<SQLiteDataSource<Value>, ExplorerSharedTier<Value>>
>

/// The namespaces of one API's values in the SQLite file and the shared table:
/// `<identity>|explorer-<kind>`, so two APIs sharing a file never answer each other's entries. A
/// value; thread-safe.
struct ExplorerNamespaces: Sendable, Hashable {
    let identity: String

    var entity: String { scoped(Kind.entity) }
    var page: String { scoped(Kind.page) }
    var root: String { scoped(Kind.root) }
    var alias: String { scoped(Kind.alias) }
    var title: String { scoped(Kind.title) }

    private func scoped(_ kind: String) -> String { identity + "|" + kind }

    /// The kinds of value, as namespaces name them within an API (and memory tiers are inspected as).
    enum Kind {
        static let entity = "explorer-entity"
        static let page = "explorer-page"
        static let root = "explorer-root"
        static let alias = "explorer-alias"
        static let title = "explorer-title"
    }

    /// A tier of `namespace` on `database` (and `shared`, when given), `limit` values in memory.
    static func tier<Value: Sendable>(
        _ namespace: String, limit: Int, codec: some PayloadCodec<Value>, database: CacheDatabase,
        shared: (any ExplorerSharedCache)?, metrics: RepositoryMetrics, timeSource: any TimeSource
    ) -> ExplorerTier<Value> {
        TieredCacheDataSource(
            upper: InMemoryDataSource(countLimit: limit, metrics: metrics, timeSource: timeSource),
            lower: TieredCacheDataSource(
                upper: SQLiteDataSource(database: database, namespace: namespace, codec: codec),
                lower: shared?.tier(namespace: namespace, codec: codec, metrics: metrics) ?? .off))
    }
}

/// The kinds of an explored API's cache entries, as `cache ls` shows them. Stateless.
public enum ExplorerEntryKinds {
    /// Every kind: `explorer-entity`, `explorer-page`, `explorer-root`, `explorer-alias`, `explorer-title`.
    public static let all = [
        ExplorerNamespaces.Kind.entity, ExplorerNamespaces.Kind.page, ExplorerNamespaces.Kind.root,
        ExplorerNamespaces.Kind.alias, ExplorerNamespaces.Kind.title,
    ]
}
