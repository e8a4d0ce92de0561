import RepositoryCore

/// An inspectable tier whose every call fails with `error`, as a tier whose server is down does.
/// A `Sendable` value.
public struct FailingCacheTier: InspectableCacheTier {
    public let tierName: String
    /// What every call throws.
    public let error: RepositoryError

    /// A tier named `tierName` that throws `error` from every call.
    public init(tierName: String = "shared", error: RepositoryError = .storageFailure(detail: "connection refused")) {
        self.tierName = tierName
        self.error = error
    }

    public func entries(after cursor: CacheEntryKey?, limit: Int) async throws(RepositoryError) -> CacheEntryPage {
        throw error
    }
    public func totals() async throws(RepositoryError) -> CacheTierTotals { throw error }
    public func entry(_ key: CacheEntryKey) async throws(RepositoryError) -> CacheEntryInfo? { throw error }
    public func evict(_ key: CacheEntryKey) async throws(RepositoryError) -> Bool { throw error }
    public func purge() async throws(RepositoryError) -> Int { throw error }
}
