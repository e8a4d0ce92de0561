import RepositoryCore

extension CharacterRepository {
    /// Empties the memory tier of every kind of value; the disk tier is untouched.
    public func clearMemory() async {
        try? await pages.cache.upper.delete(.all)
        try? await characters.cache.upper.delete(.all)
        try? await episodeLists.cache.upper.delete(.all)
    }

    /// Empties memory and disk. Throws when the disk could not be cleared. The shared tier is
    /// left alone: other processes use it.
    public func clearAll() async throws(RepositoryError) {
        try await clearLocal(pages)
        try await clearLocal(characters)
        try await clearLocal(episodeLists)
    }

    private func clearLocal<Main: GetDataSource>(_ store: Store<Main>) async throws(RepositoryError) {
        try await store.cache.upper.delete(.all)
        try await store.cache.lower.upper.delete(.all)
    }

    /// The counters of every tier, as of now.
    public func metricsSnapshot() -> MetricsSnapshot { metrics.snapshot() }
}
