/// A repository that reads through a cache and answers for it: what a `CacheRepository` is,
/// without its long generic type. Keep one as `any CachingRepository<Book>` (or return
/// `some CachingRepository<Book>`) and still reach its counters, invalidation and changes.
/// Conformers are thread-safe.
public protocol CachingRepository<Value>: GetRepository {
    /// The counters this repository records.
    var metrics: RepositoryMetrics { get }
    /// Removes `query` from the cache only (main untouched) and tells observers.
    func invalidate(_ query: Query) async throws(RepositoryError)
    /// Empties the cache (main untouched) and tells observers.
    func clearCache() async throws(RepositoryError)
    /// A stream of every change this repository makes from now on.
    func changes() -> AsyncStream<RepositoryChange>
}

extension CacheRepository: CachingRepository {}
