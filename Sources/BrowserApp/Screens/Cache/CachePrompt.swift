import RepositoryCore

/// A question the Cache screen asks on its last line before acting. A plain value.
package enum CachePrompt: Sendable, Equatable {
    /// Which tier to evict the key from.
    case evictTier(CacheEntryKey)
    /// Which tier to purge.
    case purgeTier
    /// Purge this tier, y/n.
    case confirmPurge(CacheTier)
}
