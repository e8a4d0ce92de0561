import Foundation

/// Where an entry stands by its age: `fresh` (served as is), `stale` (past its time to live or its
/// own `expiresAt`: read again or revalidated by the next read, served only when the main source
/// fails) or `expired` (past the stale window too: fetched again whole).
public enum CacheEntryState: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Within its time to live.
    case fresh
    /// Past its time to live (or its explicit expiry), within the stale window.
    case stale
    /// Past the stale window.
    case expired

    public var description: String { rawValue }
}

/// How an entry's state follows from its stored-at, its expiry and a clock: a time to live (the
/// repository's TTL validator) and a stale window after it. A `Sendable` value.
///
/// An entry with an explicit `expiresAt` (the server's word) is fresh until then, whatever the
/// time to live; one without is fresh for the time to live (forever with none).
public struct CacheFreshnessRule: Hashable, Sendable {
    /// How long after stored-at an entry stays fresh; nil for no limit.
    public var timeToLive: TimeInterval?
    /// How long after its time to live an entry is stale before it counts as expired.
    public var staleWindow: TimeInterval

    /// Creates a rule; a negative duration counts as 0.
    public init(timeToLive: TimeInterval?, staleWindow: TimeInterval = 0) {
        self.timeToLive = timeToLive.map { max(0, $0) }
        self.staleWindow = max(0, staleWindow)
    }

    /// The seconds of freshness left at `now` (negative once past it): to the explicit expiry when
    /// the entry has one, else to the end of the time to live; nil when neither bounds it.
    public func timeToLiveLeft(of entry: CacheEntryInfo, at now: Date) -> TimeInterval? {
        freshUntil(entry).map { $0.timeIntervalSince(now) }
    }

    /// The entry's state at `now`: fresh while freshness is left (exactly at the boundary it is
    /// stale), stale for `staleWindow` after, expired after that.
    public func state(of entry: CacheEntryInfo, at now: Date) -> CacheEntryState {
        guard let end = freshUntil(entry), now >= end else { return .fresh }
        return now.timeIntervalSince(end) < staleWindow ? .stale : .expired
    }

    /// When the entry stops being fresh: its explicit expiry, else stored-at plus the time to live.
    private func freshUntil(_ entry: CacheEntryInfo) -> Date? {
        EntryMetadata.freshUntil(storedAt: entry.storedAt, expiresAt: entry.expiresAt, timeToLive: timeToLive)
    }
}
