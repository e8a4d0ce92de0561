/// The older name of `CacheRepository` (seed 001): network = main, storage = cache,
/// `networkSync` = `mainSync`, `storageSync` = `cacheSync`.
public typealias NetworkStorageRepository = CacheRepository

extension CacheRepository {
    /// Creates a repository in the NetworkStorageRepository vocabulary: `network` is the main
    /// source, `storage` the cache.
    @inlinable
    public convenience init(
        network: Main, storage: Cache, validator: (any EntryValidator<Value>)? = nil,
        configuration: CacheRepositoryConfiguration = CacheRepositoryConfiguration()
    ) {
        self.init(main: network, cache: storage, validator: validator, configuration: configuration)
    }

    /// The network source (NetworkStorageRepository name of `main`).
    public var network: Main { main }
    /// The storage source (NetworkStorageRepository name of `cache`).
    public var storage: Cache { cache }
}
