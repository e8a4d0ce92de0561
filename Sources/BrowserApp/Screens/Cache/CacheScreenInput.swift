import CharacterData
import Foundation
import RepositoryCore

/// What reaches the Cache screen: its keys (as actions), a prompt's key, the clock's tick, an
/// answer the browser applied (live updates), and the results of its requests. A plain value.
public enum CacheScreenInput: Sendable, Equatable {
    /// The screen comes on top (`4`, `Tab`): reads the first page and the census when unread.
    case show
    /// Moves the selection (or the entry page's scroll) by rows.
    case move(Int)
    /// The first row / the top.
    case first
    /// The last row held / the end.
    case last
    /// Opens the selected entry; on an open entry, the entity in the explorer.
    case enter
    /// Closes a prompt or the open entry.
    case back
    /// `s`: the next sort order.
    case cycleSort
    /// Shows stale and expired rows only, or all.
    case toggleProblemsOnly
    /// The filter text (empty: none).
    case setFilter(String)
    /// `d`: asks which tier to evict the selected entry from.
    case evictFromTier
    /// `D`: evicts the selected entry from every tier.
    case evictEverywhere
    /// `v`: a conditional GET for the selected entry.
    case revalidate
    /// `r`: a fresh read of the selected entry.
    case refetch
    /// `P`: asks which tier to purge, then y/n.
    case purge
    /// A key typed while a prompt is open.
    case promptKey(Character)
    /// The time moved (TTLs count down, states change).
    case tick(Date)
    /// The browser applied an answer at a time.
    case answered(AnswerEvent, at: Date)
    /// A request's result.
    case result(CacheScreenResult)
}

/// A question the Cache screen asks on its last line before acting. A plain value.
public enum CachePrompt: Sendable, Equatable {
    /// Which tier to evict the key from.
    case evictTier(CacheEntryKey)
    /// Which tier to purge.
    case purgeTier
    /// Purge this tier, y/n.
    case confirmPurge(String)
}
