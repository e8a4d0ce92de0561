import RepositoryCore

extension CharacterRepository {
    /// Empties the memory tier of every kind of value; the disk tier is untouched.
    public func clearMemory() async {
        try? await characters.cache.upper.delete(.all)
        try? await episodes.cache.upper.delete(.all)
        try? await characterGraph.cache.lists.upper.delete(.all)
        try? await episodeGraph.cache.lists.upper.delete(.all)
    }

    /// Empties memory and disk. Throws when the disk could not be cleared. The shared tier is
    /// left alone: other processes use it.
    public func clearAll() async throws(RepositoryError) {
        try await clearLocal(characters.cache)
        try await clearLocal(episodes.cache)
        try await clearLocal(characterGraph.cache.lists)
        try await clearLocal(episodeGraph.cache.lists)
    }

    func clearLocal<Value: Sendable>(_ tiers: Tiers<Value>) async throws(RepositoryError) {
        try await tiers.upper.delete(.all)
        try await tiers.lower.upper.delete(.all)
    }

    /// The counters of every tier, as of now.
    public func metricsSnapshot() -> MetricsSnapshot { metrics.snapshot() }
}
