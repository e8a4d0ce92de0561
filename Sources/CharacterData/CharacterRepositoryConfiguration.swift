import Foundation
import RepositoryCore

/// How the character repository caches: memory bounds, time to live, clocks. A value; `Sendable`.
public struct CharacterRepositoryConfiguration: Sendable {
    /// Cached values older than this are stale: reread from the network, served only as a fallback.
    /// Nil keeps them valid forever (the API's data has been stable for years).
    public var timeToLive: TimeInterval?
    /// The most pages kept in memory.
    public var memoryPageLimit: Int
    /// The most characters kept in memory.
    public var memoryCharacterLimit: Int
    /// The most episode lists kept in memory.
    public var memoryEpisodeListLimit: Int
    /// "Now", for ages, expiry and stored-at stamps.
    public var timeSource: any TimeSource
    /// Measures answer durations.
    public var clock: any Clock<Duration>

    /// Creates a configuration: one day to live, 256 pages, 5,000 characters, 512 episode lists in memory.
    public init(
        timeToLive: TimeInterval? = 86_400, memoryPageLimit: Int = 256, memoryCharacterLimit: Int = 5_000,
        memoryEpisodeListLimit: Int = 512, timeSource: any TimeSource = SystemTimeSource(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.timeToLive = timeToLive
        self.memoryPageLimit = memoryPageLimit
        self.memoryCharacterLimit = memoryCharacterLimit
        self.memoryEpisodeListLimit = memoryEpisodeListLimit
        self.timeSource = timeSource
        self.clock = clock
    }
}
