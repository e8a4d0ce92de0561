import CharacterData
import EntityWrites
import Foundation
import PostgresCache
import RepositoryCore
import RickAndMortyModel

/// What the browser's background work reports back to `update`: a screen's own message, for
/// that screen alone, or the app's (a cache clearing, the shared tier's health, an entity
/// changed, which every screen holding it shows). A plain, sendable value.
package enum BrowserMessage: Sendable {
    /// One of the `Message`s of the screen at the address (dropped once it was popped).
    case screen(ScreenAddress, any Sendable)
    /// A cache clearing finished, with the error that stopped it, if any.
    case cacheCleared(CacheClearing, failure: RepositoryError?, metrics: MetricsSnapshot)
    /// A character changed in the cache (a newer copy read or announced, or the copies dropped):
    /// every screen showing it takes the new value, without a read.
    case characterChanged(EntityChange<ShowCharacter>)
    /// An episode changed in the cache (as `characterChanged`).
    case episodeChanged(EntityChange<Episode>)
    /// A location changed in the cache (as `characterChanged`).
    case locationChanged(EntityChange<Location>)
    /// The shared cache tier's health: its state at the subscription (at start), then every change.
    case sharedCacheHealthChanged(SharedCacheHealth)
    /// The disk cache's writes started failing (why), or work again (nil).
    case diskWritesChanged(RepositoryError?)
    /// The outbox was read at `now`: the writes it keeps, newest first.
    case keptWritesRead([EntityWrite], now: Date)
    /// The kept writes were sent (in order; the last still pending when the server was out of reach).
    case keptWritesSent([WriteReport], fromTask: Bool = true)
    /// The backoff after a send that found the server out of reach is over: send again.
    case sendKeptWritesAgain
    /// The network switch is on, as setting `number` asked: what could not be read is read again.
    case reconnected(number: Int)
}

/// Which caches the `c` and `C` keys empty. A plain value.
package enum CacheClearing: Sendable, Hashable {
    /// The memory tier only (`c`).
    case memory
    /// Memory and disk (`C`).
    case memoryAndDisk
}

/// The outcome of one repository read, with how long it took and the repository's counters
/// just after it. A plain, sendable value.
package struct ReadReport<Value: Sendable>: Sendable {
    /// The answer, or why there is none.
    var result: Result<Answer<Value>, RepositoryError>
    /// How long the read took (answers also carry their own duration).
    var elapsed: Duration
    /// The repository's counters right after the read.
    var metrics: MetricsSnapshot
    /// The answer is stale inside its server's stale-while-revalidate window: shown while it is
    /// read again in the background (a report with `background` follows).
    var revalidating = false
    /// The answer is the background revalidation's, after a `revalidating` one.
    var background = false

    package init(
        result: Result<Answer<Value>, RepositoryError>, elapsed: Duration = .zero,
        metrics: MetricsSnapshot = .init()
    ) {
        self.result = result
        self.elapsed = elapsed
        self.metrics = metrics
    }
}
