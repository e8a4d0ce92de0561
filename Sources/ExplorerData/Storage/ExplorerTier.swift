import PersistentCache
import RepositoryCore

/// One kind of value's cache: an exact LRU in memory over its namespace of the SQLite file.
typealias ExplorerTier<Value: Sendable> = TieredCacheDataSource<
    InMemoryDataSource<Value>, SQLiteDataSource<Value>
>

/// The namespaces of one API's values in the SQLite file: `<identity>|explorer-<kind>`, so two
/// APIs sharing a file never answer each other's entries. A value; thread-safe.
struct ExplorerNamespaces: Sendable, Hashable {
    let identity: String

    var entity: String { scoped("entity") }
    var page: String { scoped("page") }
    var root: String { scoped("root") }
    var alias: String { scoped("alias") }
    var title: String { scoped("title") }

    private func scoped(_ kind: String) -> String { identity + "|explorer-" + kind }

    /// A tier of `namespace` on `database`, `limit` values in memory.
    static func tier<Value: Sendable>(
        _ namespace: String, limit: Int, codec: some PayloadCodec<Value>, database: CacheDatabase,
        metrics: RepositoryMetrics, timeSource: any TimeSource
    ) -> ExplorerTier<Value> {
        TieredCacheDataSource(
            upper: InMemoryDataSource(countLimit: limit, metrics: metrics, timeSource: timeSource),
            lower: SQLiteDataSource(database: database, namespace: namespace, codec: codec))
    }
}
