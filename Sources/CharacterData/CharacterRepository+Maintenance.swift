import RepositoryCore

extension CharacterRepository {
    /// Empties the memory tier of every kind of value; the disk tier is untouched.
    public func clearMemory() async {
        try? await pages.cache.upper.delete(.all)
        try? await characters.cache.upper.delete(.all)
        try? await episodeLists.cache.upper.delete(.all)
    }

    /// Empties memory and disk. Throws when the disk could not be cleared.
    public func clearAll() async throws(RepositoryError) {
        try await pages.clearCache()
        try await characters.clearCache()
        try await episodeLists.clearCache()
    }

    /// The counters of every tier, as of now.
    public func metricsSnapshot() -> MetricsSnapshot { metrics.snapshot() }
}
